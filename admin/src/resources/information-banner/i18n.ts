/** Texts of the information banners screen (`resources.information-banner.*`). */
const en = {
  name: 'Information banner |||| Information banners',
  fields: {
    id: 'ID',
    title: 'Title',
    content: 'Content',
    type: 'Level',
    audience: 'Audience',
    programId: 'Program',
    cohortIds: 'Cohorts',
    coachingCircleId: 'Coaching circle number',
    published: 'Published',
    publishedAt: 'Published on',
    updatedAt: 'Changed',
  },
  filters: {
    published: 'Published',
    type: 'Level',
    audience: 'Audience',
  },
  status: {
    published: 'Published',
    draft: 'Not published',
  },
  actions: {
    create: 'Add information banner',
    publish: 'Publish',
    unpublish: 'Unpublish',
  },
  notifications: {
    created: 'Information banner added',
    saved: 'Information banner saved',
    published: 'Published: the portal shows it to its audience',
    unpublished: 'Unpublished: the portal no longer shows it',
  },
  hints: {
    content:
      'HTML: paragraphs, line breaks, bold, italics, underline, lists, quotes, small headings and links (http, https, mailto) are kept; anything else is removed when saved.',
    coaching_circle: 'Coaching circles are not in the console yet: a banner for a circle is kept, and reaches its students once circles and their members exist.',
    audience_all: 'Every student sees it in the portal while it is published.',
    audience_program: 'The students with an application in progress or an active enrollment in this program.',
    audience_cohort: 'The students with an application in progress or an active enrollment in one of these cohorts.',
  },
  messages: {
    new_title: 'New information banner',
    preview: 'Preview',
    intro: 'Banners show at the top of the student portal, to the students of their audience, while they are published. A student may dismiss one.',
    read_only: 'You can read this banner; changing it needs the permission to update banners.',
  },
};

const es: typeof en = {
  name: 'Aviso informativo |||| Avisos informativos',
  fields: {
    id: 'ID',
    title: 'Título',
    content: 'Contenido',
    type: 'Nivel',
    audience: 'Destinatarios',
    programId: 'Programa',
    cohortIds: 'Cohortes',
    coachingCircleId: 'Número del círculo de coaching',
    published: 'Publicado',
    publishedAt: 'Publicado el',
    updatedAt: 'Modificado',
  },
  filters: {
    published: 'Publicado',
    type: 'Nivel',
    audience: 'Destinatarios',
  },
  status: {
    published: 'Publicado',
    draft: 'No publicado',
  },
  actions: {
    create: 'Agregar aviso informativo',
    publish: 'Publicar',
    unpublish: 'Despublicar',
  },
  notifications: {
    created: 'Aviso informativo agregado',
    saved: 'Aviso informativo guardado',
    published: 'Publicado: el portal lo muestra a sus destinatarios',
    unpublished: 'Despublicado: el portal ya no lo muestra',
  },
  hints: {
    content:
      'HTML: se conservan párrafos, saltos de línea, negrita, cursiva, subrayado, listas, citas, títulos pequeños y enlaces (http, https, mailto); todo lo demás se quita al guardar.',
    coaching_circle:
      'Los círculos de coaching aún no están en la consola: un aviso para un círculo se guarda y llegará a sus estudiantes cuando existan los círculos y sus miembros.',
    audience_all: 'Todos los estudiantes lo ven en el portal mientras está publicado.',
    audience_program: 'Los estudiantes con una solicitud en curso o una inscripción activa en este programa.',
    audience_cohort: 'Los estudiantes con una solicitud en curso o una inscripción activa en alguna de estas cohortes.',
  },
  messages: {
    new_title: 'Nuevo aviso informativo',
    preview: 'Vista previa',
    intro:
      'Los avisos se muestran en la parte superior del portal del estudiante, a los estudiantes de sus destinatarios, mientras están publicados. Un estudiante puede descartarlos.',
    read_only: 'Puede leer este aviso; para cambiarlo necesita el permiso de actualizar avisos.',
  },
};

export const informationBanner = { en, es };
