/**
 * compiler: the plugin settings of config/plugins.js that users-permissions, email and upload read
 * (register.allowedFields, the advanced settings and email templates Strapi keeps in its store, the
 * nodemailer provider, upload's sizeLimit, breakpoints and image settings) compiled into model.json
 * with Strapi's defaults; wrong types are errors, SMTP credentials never reach the artifacts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { main } from '../../compiler/cli.js';
import { copySpec, readJsonFile, runCli, tempDir } from '../helpers/spec-dir.js';

async function build(pluginsJs?: string) {
  const spec = copySpec('members');
  if (pluginsJs !== undefined) writeFileSync(join(spec, 'config', 'plugins.js'), pluginsJs);
  const out = join(tempDir(), 'art');
  const r = await runCli(main, ['build', '--src', spec, '--out', out]);
  return { ...r, model: r.code === 0 ? readJsonFile(join(out, 'model.json')) : undefined, out };
}

test('the members fixture: its plugins.js settings, Strapi\'s defaults for the rest', async () => {
  const { code, err, model } = await build();
  assert.is(code, 0, err.join('\n'));
  const up = model.config.usersPermissions;
  assert.is(up.jwtExpiresIn, 7 * 86_400);
  assert.is(up.registerAllowedFields, undefined, 'unset: Strapi 4\'s default applies at serve time');
  assert.equal([up.uniqueEmail, up.allowRegister, up.emailConfirmation], [true, true, false]);
  assert.is(up.emailResetPassword, 'https://front.example.com/reset-password');
  assert.is(up.emailConfirmationRedirection, 'https://front.example.com/welcome');
  assert.is(up.emailTemplates.resetPassword.object, 'Reset your password, <%= USER.username %>');
  assert.equal(up.emailTemplates.resetPassword.from, { name: 'Members', email: 'no-reply@members.example.com' });
  assert.is(up.emailTemplates.emailConfirmation.object, 'Account confirmation', 'Strapi\'s default template');
  assert.match(up.emailTemplates.emailConfirmation.message, '<%= URL %>?confirmation=<%= CODE %>');
  assert.equal(model.config.email, {
    provider: 'nodemailer', providerOptions: { host: '127.0.0.1', port: 2525, ignoreTLS: true },
    defaultFrom: 'hello@members.example.com', defaultReplyTo: 'support@members.example.com',
  });
  assert.equal(model.config.upload, { sizeLimit: 5_242_880, breakpoints: { large: 1000, small: 500 }, sizeOptimization: true, responsiveDimensions: true, autoOrientation: false });
});

test('no plugin settings: Strapi\'s defaults (log provider, three breakpoints, register as Strapi 4 registers)', async () => {
  const { code, err, model } = await build('module.exports = {};\n');
  assert.is(code, 0, err.join('\n'));
  assert.equal(model.config.email, { provider: 'log', providerOptions: {}, defaultFrom: null, defaultReplyTo: null });
  assert.equal(model.config.upload, { breakpoints: { large: 1000, medium: 750, small: 500 }, sizeOptimization: true, responsiveDimensions: true, autoOrientation: false });
  assert.equal(model.config.usersPermissions.emailTemplates.resetPassword.from, { name: 'Administration Panel', email: 'no-reply@strapi.io' });
  assert.is(model.config.usersPermissions.defaultRole, 'authenticated');
});

test('allowedFields, advanced settings; SMTP credentials stay out of the artifacts (a warning says where they come from)', async () => {
  const { code, err, model } = await build(`module.exports = {
    'users-permissions': { config: { register: { allowedFields: ['firstName', 'nickname'] }, advanced: { email_confirmation: true, unique_email: false, allow_register: false, default_role: 'public' } } },
    email: { config: { provider: 'nodemailer', providerOptions: { host: 'smtp.example.com', port: 587, auth: { user: 'u', pass: 'secret-pass' } } } },
    upload: { config: { breakpoints: { small: 400, xlarge: 1920 }, sizeOptimization: false, autoOrientation: true } },
  };\n`);
  assert.is(code, 0, err.join('\n'));
  const up = model.config.usersPermissions;
  assert.equal(up.registerAllowedFields, ['firstName', 'nickname']);
  assert.equal([up.uniqueEmail, up.allowRegister, up.emailConfirmation, up.defaultRole], [false, false, true, 'public']);
  assert.equal(model.config.email.providerOptions, { host: 'smtp.example.com', port: 587 });
  assert.not.match(JSON.stringify(model), 'secret-pass');
  assert.equal(model.config.upload.breakpoints, { xlarge: 1920, small: 400 }, 'largest first');
  assert.equal([model.config.upload.sizeOptimization, model.config.upload.autoOrientation], [false, true]);
  const warnings = err.filter((l) => l.startsWith('warning:'));
  assert.ok(warnings.some((l) => l.includes('/users-permissions/config/register/allowedFields/1') && l.includes('"nickname" is not an attribute of the user type')), warnings.join('\n'));
  assert.ok(warnings.some((l) => l.includes('SMTP_USERNAME and SMTP_PASSWORD')), warnings.join('\n'));
});

test('wrong types are errors with their pointer; another email provider is a warning', async () => {
  const bad = await build(`module.exports = {
    'users-permissions': { config: { register: { allowedFields: 'firstName' }, advanced: { email_confirmation: 'yes', email_reset_password: 'not a url' }, email: { welcome: {} } } },
    email: { config: { provider: 'sendgrid', settings: { defaultFrom: 5 } } },
    upload: { config: { sizeLimit: -1, breakpoints: { thumbnail: 100 }, sizeOptimization: 'no' } },
  };\n`);
  assert.is(bad.code, 1);
  const errors = bad.err.filter((l) => l.startsWith('error:')).join('\n');
  for (const pointer of ['/users-permissions/config/register', '/advanced/email_confirmation', '/advanced/email_reset_password', '/email/welcome', '/email/config/settings', '/upload/config/sizeLimit', '/upload/config/breakpoints', '/upload/config/sizeOptimization']) {
    assert.ok(errors.includes(pointer), `${pointer} in\n${errors}`);
  }
  assert.ok(bad.err.some((l) => l.startsWith('warning:') && l.includes('email provider "sendgrid"')), bad.err.join('\n'));
});

test.run();
