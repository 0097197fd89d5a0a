/**
 * unit (engine/boot): Strapi's admin settings over the project's config: the locales of i18n_locale
 * and its stored default, the users-permissions advanced settings and templates, the email provider;
 * a LiveI18n seen through the model by every reader.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { EmailTemplate, UsersPermissionsConfig } from '../../../../compiler/model/types.js';
import { emailProviderFromStore, LiveI18n, localesFromStrapi, usersPermissionsFromStore, withLiveI18n } from '../../../../engine/boot/strapi-settings.js';
import { checkLocale } from '../../../../engine/plan/parse-locale.js';
import { model as exampleModel } from '../example-model.js';

const template: EmailTemplate = { from: { name: 'Site', email: 'site@example.com' }, responseEmail: '', object: 'Reset', message: '<p><%= URL %></p>' };
const config: UsersPermissionsConfig = {
  jwtExpiresIn: 2_592_000, defaultRole: 'authenticated', uniqueEmail: true, allowRegister: true, emailConfirmation: false,
  emailConfirmationRedirection: null, emailResetPassword: 'https://front.example/reset', emailTemplates: { resetPassword: template, emailConfirmation: template },
};

test('advanced settings of Strapi\'s store win over the config; a key Strapi lacks keeps the config\'s value', () => {
  const up = usersPermissionsFromStore(config, {
    unique_email: false, allow_register: false, email_confirmation: true, email_confirmation_redirection: 'https://front.example/ok', email_reset_password: null, default_role: 'reader',
  }, undefined);
  assert.equal([up.uniqueEmail, up.allowRegister, up.emailConfirmation, up.emailConfirmationRedirection, up.emailResetPassword, up.defaultRole], [false, false, true, 'https://front.example/ok', null, 'reader']);
  assert.is(up.jwtExpiresIn, config.jwtExpiresIn);
  assert.equal(usersPermissionsFromStore(config, { allow_register: false }, null), { ...config, allowRegister: false });
  assert.equal(usersPermissionsFromStore(config, 'not an object', 42), config);
});

test('email templates from Strapi\'s store (`options` of reset_password / email_confirmation)', () => {
  const up = usersPermissionsFromStore(config, undefined, {
    reset_password: { display: 'Email.template.reset_password', options: { from: { name: 'Desk', email: 'desk@example.com' }, response_email: 'reply@example.com', object: 'New password', message: '<p>Go</p>' } },
  });
  assert.equal(up.emailTemplates.resetPassword, { from: { name: 'Desk', email: 'desk@example.com' }, responseEmail: 'reply@example.com', object: 'New password', message: '<p>Go</p>' });
  assert.equal(up.emailTemplates.emailConfirmation, template);
});

test('locales: i18n_locale codes in id order; the stored default, else the config\'s when listed, else the first', () => {
  const i18n = { defaultLocale: 'en', locales: ['en'] };
  assert.equal(localesFromStrapi(i18n, ['en', 'fr'], 'fr'), { defaultLocale: 'fr', locales: ['en', 'fr'] });
  assert.equal(localesFromStrapi(i18n, ['de', 'en'], undefined), { defaultLocale: 'en', locales: ['de', 'en'] });
  assert.equal(localesFromStrapi(i18n, ['de', 'fr'], ''), { defaultLocale: 'de', locales: ['de', 'fr'] });
  assert.equal(localesFromStrapi(i18n, [], 'fr'), i18n, 'no rows: the config stays');
});

test('the email provider is on unless Strapi\'s grant settings turn it off', () => {
  assert.is(emailProviderFromStore(undefined), true);
  assert.is(emailProviderFromStore({ email: { icon: 'envelope', enabled: true } }), true);
  assert.is(emailProviderFromStore({ email: { icon: 'envelope', enabled: false } }), false);
});

test('a LiveI18n in the model: readers of the model see the locales it is set to', () => {
  const model = withLiveI18n(exampleModel);
  assert.ok(model.config.i18n instanceof LiveI18n);
  assert.is(withLiveI18n(model), model);
  model.config.i18n.set({ defaultLocale: 'en', locales: ['en', 'pt-BR'] });
  assert.is(checkLocale(model, 'pt-BR', ['locale']), 'pt-BR');
  model.config.i18n.set({ defaultLocale: 'en', locales: ['en'] });
  assert.throws(() => checkLocale(model, 'pt-BR', ['locale']), /locale/);
});

test.run();
