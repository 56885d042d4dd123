/** Posts hidden fields to an address as an ordinary form (a provider's signed form; a download in a new tab). */
export function postForm(action: string, fields: Record<string, string>, target?: string): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = action;
  if (target) form.target = target;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
