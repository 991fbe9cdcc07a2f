/** Texts of the coaching circle types screen (`resources.coaching-circles-types.*`). */
const en = {
  name: 'Coaching circle type |||| Coaching circle types',
  fields: {
    id: 'ID',
    name: 'Name',
    description: 'Description',
    sessions: 'Sessions',
    maxStudents: 'Max students per coach',
    frequency: 'Every',
    frequencyUnit: 'Unit',
    duration: 'Duration (minutes)',
    schedule: 'Meets',
    updatedAt: 'Changed',
  },
  filters: {
    archived: 'Archived',
  },
  status: {
    archived: 'Archived',
  },
  schedule: '%{every}, %{duration} min',
  actions: {
    create: 'Add coaching circle type',
    archive: 'Archive',
    restore: 'Restore',
  },
  notifications: {
    created: 'Coaching circle type added',
    saved: 'Coaching circle type saved',
    archived: 'Coaching circle type archived: new circles can no longer use it',
    restored: 'Coaching circle type restored',
  },
  hints: {
    sessions: 'How many times a circle of this type meets.',
    duration: 'At most 240 minutes.',
    copied: 'A circle copies these values when it is made; changing the type later does not change its circles.',
  },
  messages: {
    new_title: 'New coaching circle type',
    intro: 'The templates coaching circles are made from: how often and how long they meet, and how many students each coach takes.',
    read_only: 'You can read this type; changing it needs the permission to update coaching circles.',
    archived: 'This type is archived: lists hide it and new circles cannot use it. Its circles stay as they are.',
  },
};

const es: typeof en = {
  name: 'Tipo de círculo de coaching |||| Tipos de círculo de coaching',
  fields: {
    id: 'ID',
    name: 'Nombre',
    description: 'Descripción',
    sessions: 'Sesiones',
    maxStudents: 'Máximo de estudiantes por coach',
    frequency: 'Cada',
    frequencyUnit: 'Unidad',
    duration: 'Duración (minutos)',
    schedule: 'Se reúne',
    updatedAt: 'Modificado',
  },
  filters: {
    archived: 'Archivados',
  },
  status: {
    archived: 'Archivado',
  },
  schedule: '%{every}, %{duration} min',
  actions: {
    create: 'Agregar tipo de círculo de coaching',
    archive: 'Archivar',
    restore: 'Restaurar',
  },
  notifications: {
    created: 'Tipo de círculo de coaching agregado',
    saved: 'Tipo de círculo de coaching guardado',
    archived: 'Tipo de círculo de coaching archivado: los nuevos círculos ya no pueden usarlo',
    restored: 'Tipo de círculo de coaching restaurado',
  },
  hints: {
    sessions: 'Cuántas veces se reúne un círculo de este tipo.',
    duration: 'Como máximo 240 minutos.',
    copied: 'Un círculo copia estos valores al crearse; cambiar el tipo después no cambia sus círculos.',
  },
  messages: {
    new_title: 'Nuevo tipo de círculo de coaching',
    intro: 'Las plantillas de las que se crean los círculos de coaching: con qué frecuencia y cuánto tiempo se reúnen, y cuántos estudiantes atiende cada coach.',
    read_only: 'Puede leer este tipo; cambiarlo requiere el permiso para actualizar círculos de coaching.',
    archived: 'Este tipo está archivado: las listas lo ocultan y los nuevos círculos no pueden usarlo. Sus círculos quedan como están.',
  },
};

export const coachingCircleTypes = { en, es };
