import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), vike()],
  // `public/` is served by Express itself (banners, locales); Vite only builds the client.
  publicDir: false,
  build: { target: 'es2020', reportCompressedSize: false },
});
