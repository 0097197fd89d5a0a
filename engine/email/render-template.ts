/**
 * engine/email: Strapi's email templates (lodash template syntax, as its store holds them) rendered
 * without evaluating code: `<%= NAME %>` and `<%- NAME %>` with a dotted path (`USER.username`) are
 * replaced by the value (in the HTML body, values are HTML-escaped, so a username cannot inject
 * markup); anything else between `<%` and `%>` is dropped. The text part is the HTML without tags.
 *   renderTemplate('<p><%= URL %>?code=<%= TOKEN %></p>', { URL: 'https://x/reset', TOKEN: 'ab12' }, 'html')
 *   -> '<p>https://x/reset?code=ab12</p>'
 */

const TAG = /<%([=-]?)\s*([\s\S]*?)\s*%>/g;
const PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function lookup(vars: Readonly<Record<string, unknown>>, path: string): unknown {
  let v: unknown = vars;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

export function renderTemplate(template: string, vars: Readonly<Record<string, unknown>>, kind: 'html' | 'text'): string {
  return template.replace(TAG, (_all, mode: string, expr: string) => {
    if (mode === '' || !PATH.test(expr)) return '';
    const v = lookup(vars, expr);
    const s = v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return kind === 'html' ? escapeHtml(s) : s;
  });
}

/** the text part of an HTML message: tags removed, links kept, entities of the escaped values decoded */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => (label.trim() && label.trim() !== href ? `${label} (${href})` : href))
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] as string)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
