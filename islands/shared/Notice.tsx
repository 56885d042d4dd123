/** The red notice every login and activation form shows (spec section 1). */
export function SecretsNotice({ text }: { text: string }) {
  return (
    <p className="auth-notice" role="note">
      {text}
    </p>
  );
}
