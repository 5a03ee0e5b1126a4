/**
 * Server-rendered pages of the built-in identity provider: sign-in, sign-up, sign-out and errors.
 * Plain HTML forms (they work without JavaScript), labelled fields, errors tied to their fields
 * with aria-describedby and announced through role="alert", colours matching the web app.
 */

import { printableText } from '@stitchwise/core';

/**
 * Text for HTML: `printableText` (white-space controls and U+2028/U+2029 as spaces — every text
 * here is one line: a title, a message, a single-line input's value — and any other control, lone
 * surrogate or non-character as U+FFFD), then markup characters escaped, so a refused value echoed
 * back into its form carries nothing a browser would choke on.
 */
export function escapeHtml(text: string): string {
  return printableText(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLES = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f1f5f9}
main{width:100%;max-width:420px;background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:32px;
  box-shadow:0 10px 30px rgba(15,23,42,.08)}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:20px;margin-bottom:24px;color:#4338ca}
.brand svg{flex:none}
h1{font-size:24px;margin:0 0 4px}
p.lead{margin:0 0 24px;color:#475569}
label{display:block;font-weight:600;margin:16px 0 6px}
input{width:100%;padding:10px 12px;font:inherit;border:1px solid #cbd5e1;border-radius:8px;background:#fff;color:inherit}
input:focus{outline:3px solid #a5b4fc;outline-offset:1px;border-color:#4f46e5}
input[aria-invalid=true]{border-color:#dc2626}
.hint{font-size:14px;color:#64748b;margin:4px 0 0}
.field-error{font-size:14px;color:#b91c1c;margin:4px 0 0}
.alert{border:1px solid #fecaca;background:#fef2f2;color:#991b1b;border-radius:8px;padding:10px 12px;margin:0 0 8px}
button,.button{display:inline-block;width:100%;margin-top:24px;padding:11px 16px;font:inherit;font-weight:600;
  color:#fff;background:#4f46e5;border:0;border-radius:8px;cursor:pointer;text-align:center;text-decoration:none}
button:hover,.button:hover{background:#4338ca}
button:focus-visible,a:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
button.secondary{background:#fff;color:#334155;border:1px solid #cbd5e1;margin-top:12px}
button.secondary:hover{background:#f8fafc}
.switch{margin:20px 0 0;text-align:center;color:#475569}
a{color:#4338ca;font-weight:600;display:inline-block;min-height:24px;line-height:24px}
.cancel{display:block;margin-top:16px;text-align:center;font-size:14px;color:#64748b;font-weight:400;padding:6px 0}
`;

const LOGO = `<svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#4f46e5"/>
<path d="M8 8l6 6M14 8l-6 6M18 18l6 6M24 18l-6 6M18 8l6 6M24 8l-6 6M8 18l6 6M14 18l-6 6" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/></svg>`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} · Stitchwise</title><style>${STYLES}</style></head>
<body><main><div class="brand">${LOGO}<span>Stitchwise</span></div>${body}</main></body></html>`;
}

interface FieldOptions {
  name: string;
  label: string;
  type: string;
  autocomplete: string;
  value?: string | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  autofocus?: boolean;
  extra?: string;
}

function field({ name, label, type, autocomplete, value, error, hint, autofocus, extra = '' }: FieldOptions): string {
  const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  return `<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required${value ? ` value="${escapeHtml(value)}"` : ''}${
    error ? ' aria-invalid="true"' : ''
  }${describedBy ? ` aria-describedby="${describedBy}"` : ''}${autofocus ? ' autofocus' : ''} ${extra}>
${hint ? `<p class="hint" id="${name}-hint">${escapeHtml(hint)}</p>` : ''}${error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>` : ''}`;
}

function alert(message: string | undefined): string {
  return message ? `<div class="alert" role="alert">${escapeHtml(message)}</div>` : '';
}

export interface SignInView {
  uid: string;
  email?: string | undefined;
  error?: string | undefined;
}

export function signInPage({ uid, email, error }: SignInView): string {
  const base = `/oidc/interaction/${encodeURIComponent(uid)}`;
  return page(
    'Sign in',
    `<h1>Sign in</h1><p class="lead">Welcome back. Sign in to see your stitch projects.</p>
${alert(error)}
<form method="post" action="${base}/login" novalidate>
${field({ name: 'email', label: 'E-mail address', type: 'email', autocomplete: 'username', value: email, autofocus: !email })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', autofocus: Boolean(email) })}
<button type="submit">Sign in</button>
</form>
<p class="switch">New to Stitchwise? <a href="${base}?view=signup">Create an account</a></p>
<a class="cancel" href="${base}/abort">Cancel and return to Stitchwise</a>`,
  );
}

export interface SignUpView {
  uid: string;
  values?: { name?: string | undefined; email?: string | undefined };
  errors?: Partial<Record<'name' | 'email' | 'password', string>>;
  passwordHint: string;
}

export function signUpPage({ uid, values = {}, errors = {}, passwordHint }: SignUpView): string {
  const base = `/oidc/interaction/${encodeURIComponent(uid)}`;
  const count = Object.keys(errors).length;
  // Focus goes to the first field to correct, or to the first field of an empty form.
  const firstInvalid = (['name', 'email', 'password'] as const).find((name) => errors[name]) ?? 'name';
  return page(
    'Create your account',
    `<h1>Create your account</h1><p class="lead">Save your stitch projects and generate pattern ideas.</p>
${alert(count ? `Please correct ${count === 1 ? 'the field' : `the ${count} fields`} marked below.` : undefined)}
<form method="post" action="${base}/signup" novalidate>
${field({ name: 'name', label: 'Name', type: 'text', autocomplete: 'name', value: values.name, error: errors.name, autofocus: firstInvalid === 'name', extra: 'maxlength="100"' })}
${field({ name: 'email', label: 'E-mail address', type: 'email', autocomplete: 'email', value: values.email, error: errors.email, autofocus: firstInvalid === 'email' })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: errors.password, hint: passwordHint, autofocus: firstInvalid === 'password' })}
<button type="submit">Create account</button>
</form>
<p class="switch">Already have an account? <a href="${base}?view=login">Sign in</a></p>
<a class="cancel" href="${base}/abort">Cancel and return to Stitchwise</a>`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(message)}</p>${
      link ? `<a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''
    }`,
  );
}

/** The RP-initiated logout confirmation; `form` is oidc-provider's hidden form carrying its state. */
export function signOutPage(form: string): string {
  return page(
    'Sign out',
    `<h1>Sign out of Stitchwise?</h1><p class="lead">You will need to sign in again to see your projects.</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`,
  );
}
