/**
 * engine/actions: the emails of the users-permissions flows (reset password, email confirmation),
 * rendered from the plugin's templates (model.json `usersPermissions.emailTemplates`) and sent by the
 * server's mailer after the write they follow has committed. A mailer failure is logged and answered
 * 503; what was written stays (the user may ask again).
 */
import type { EmailTemplate } from '../../compiler/model/types.js';
import { USER_UID } from '../auth/uids.js';
import { htmlToText, renderTemplate } from '../email/render-template.js';
import { messages, ServiceUnavailableError } from '../errors/index.js';
import type { Entry } from '../plan/types.js';
import type { ActionContext } from './action-context.js';

/** the user as templates see it (`<%= USER.username %>`): id and public scalars, never a secret */
function templateUser(ctx: ActionContext, user: Entry): Record<string, unknown> {
  const type = ctx.model.contentTypes[USER_UID];
  const out: Record<string, unknown> = { id: user.id };
  for (const [name, value] of Object.entries(user)) {
    const attr = type.attributes[name];
    if (attr && attr.kind === 'scalar' && !attr.private) out[name] = value;
  }
  return out;
}

const address = (name: string, email: string) => (name ? `"${name.replace(/["\\\r\n]/g, '')}" <${email}>` : email);

/**
 *   await sendAccountEmail(ctx, 'resetPassword', user, { URL: 'https://front/reset', TOKEN: code })
 *   -> "Reset password" to user.email, from the template's sender, Reply-To the template's or the plugin's
 */
export async function sendAccountEmail(ctx: ActionContext, which: 'resetPassword' | 'emailConfirmation', user: Entry, vars: Record<string, unknown>): Promise<void> {
  const { settings, mailer, emailDefaults } = ctx.auth;
  const template: EmailTemplate = settings.emailTemplates[which];
  const all = { ...vars, USER: templateUser(ctx, user), SERVER_URL: ctx.auth.serverUrl() };
  const fromEmail = template.from.email || emailDefaults.from || 'no-reply@localhost';
  const replyTo = template.responseEmail || emailDefaults.replyTo || undefined;
  const html = renderTemplate(template.message, all, 'html');
  try {
    await mailer.send({
      to: String(user.email),
      from: address(template.from.name, fromEmail),
      ...(replyTo && { replyTo }),
      subject: renderTemplate(template.object, all, 'text'),
      html,
      text: htmlToText(html),
    });
  } catch (err) {
    ctx.log?.error({ err, email: which, provider: mailer.provider }, 'an email could not be sent');
    throw new ServiceUnavailableError(messages.emailNotSent());
  }
}
