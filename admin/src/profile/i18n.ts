/** Texts of the signed-in administrator's own page (`profile.*`). */
const en = {
  title: 'My profile',
  details: {
    title: 'My details',
    name: 'Name',
    email: 'Email',
    roles: 'Roles',
    no_roles: 'No roles',
  },
  password: {
    title: 'Change password',
    hint: 'Changing your password ends all your sessions, this one included: you will sign in again with the new password.',
    current: 'Current password',
    new: 'New password',
    confirmation: 'Confirm new password',
    submit: 'Change password',
    changed: 'Your password was changed. Please sign in with your new password.',
  },
  language: {
    title: 'Language',
    hint: 'The console’s language on this browser.',
    en: 'English',
    es: 'Español',
  },
};

type Messages = typeof en;

const es: Messages = {
  title: 'Mi perfil',
  details: {
    title: 'Mis datos',
    name: 'Nombre',
    email: 'Correo electrónico',
    roles: 'Roles',
    no_roles: 'Sin roles',
  },
  password: {
    title: 'Cambiar contraseña',
    hint: 'Cambiar su contraseña termina todas sus sesiones, incluida esta: iniciará sesión de nuevo con la nueva contraseña.',
    current: 'Contraseña actual',
    new: 'Nueva contraseña',
    confirmation: 'Confirmar nueva contraseña',
    submit: 'Cambiar contraseña',
    changed: 'Su contraseña se cambió. Inicie sesión con su nueva contraseña.',
  },
  language: {
    title: 'Idioma',
    hint: 'El idioma de la consola en este navegador.',
    en: 'English',
    es: 'Español',
  },
};

export const profile = { en, es };
