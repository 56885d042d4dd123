/** Patterns shared by the server and the islands, without zod (a public form's script stays small). No Node imports here. */

/**
 * Word characters with optional hyphens or dots, '@', then at least two dot-separated labels
 * whose last one (the TLD) is alphanumeric and at least 2 long (spec 5, "E-mail").
 */
export const EMAIL_PATTERN = /^\w+([-.]\w+)*@[A-Za-z0-9]+([-.][A-Za-z0-9]+)*\.[A-Za-z0-9]{2,}$/;
