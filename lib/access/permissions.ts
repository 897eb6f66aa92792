// The permission catalogue: every name a profile may hold, with what it grants.
// Names are SECTION__ACTION; the profile editor splits them on `__` into a tree.
// A check is exact-string: holding a parent node grants nothing by itself.
export const permissions = {
  CHATS__TEAM: { en: 'Use the team chat', es: 'Usar el chat del equipo' },
  CHATS__SUPPORT: { en: 'Answer the support chat', es: 'Atender el chat de soporte' },
  USERS__VIEW: { en: 'See the project members', es: 'Ver los miembros del proyecto' },
  USERS__CREATE: { en: 'Invite members', es: 'Invitar miembros' },
  USERS__UPDATE: { en: 'Change members’ profiles and status', es: 'Cambiar los perfiles y el estado de los miembros' },
  USERS__DELETE: { en: 'Remove members', es: 'Quitar miembros' },
  PROFILES__VIEW: { en: 'See the role profiles', es: 'Ver los perfiles de rol' },
  PROFILES__CREATE: { en: 'Create role profiles', es: 'Crear perfiles de rol' },
  PROFILES__UPDATE: { en: 'Edit role profiles', es: 'Editar perfiles de rol' },
  PROFILES__DELETE: { en: 'Delete role profiles', es: 'Eliminar perfiles de rol' },
  BOARDS__VIEW: { en: 'See the boards', es: 'Ver los tableros' },
  BOARDS__CREATE: { en: 'Create boards', es: 'Crear tableros' },
  BOARDS__UPDATE: { en: 'Edit boards and their cards', es: 'Editar tableros y sus tarjetas' },
  BOARDS__DELETE: { en: 'Delete boards', es: 'Eliminar tableros' },
  REQUESTS__VIEW: { en: 'See the requests', es: 'Ver las solicitudes' },
  REQUESTS__CREATE: { en: 'Open requests for users', es: 'Abrir solicitudes en nombre de usuarios' },
  REQUESTS__UPDATE: { en: 'Answer, assign and close requests', es: 'Responder, asignar y cerrar solicitudes' },
  REQUESTS__DELETE: { en: 'Delete requests', es: 'Eliminar solicitudes' },
  INVOICES__VIEW: { en: 'See the invoices', es: 'Ver las facturas' },
  INVOICES__PAY: { en: 'Pay invoices', es: 'Pagar facturas' },
  INTERVIEWS__VIEW: { en: 'See the interviews and their responses', es: 'Ver las entrevistas y sus respuestas' },
  INTERVIEWS__CREATE: { en: 'Create interviews', es: 'Crear entrevistas' },
  INTERVIEWS__UPDATE: { en: 'Edit and publish interviews', es: 'Editar y publicar entrevistas' },
  INTERVIEWS__DELETE: { en: 'Delete interviews and responses', es: 'Eliminar entrevistas y respuestas' },
  SETTINGS__UPDATE: { en: 'Change the project settings', es: 'Cambiar la configuración del proyecto' },
  EXTENSIONS__BLOG__POSTS__VIEW: { en: 'See blog posts', es: 'Ver las entradas del blog' },
  EXTENSIONS__BLOG__POSTS__CREATE: { en: 'Write blog posts', es: 'Escribir entradas del blog' },
  EXTENSIONS__BLOG__POSTS__UPDATE: { en: 'Edit and publish blog posts', es: 'Editar y publicar entradas del blog' },
  EXTENSIONS__BLOG__POSTS__DELETE: { en: 'Delete blog posts', es: 'Eliminar entradas del blog' },
  EXTENSIONS__BLOG__CATEGORIES__VIEW: { en: 'See blog categories', es: 'Ver las categorías del blog' },
  EXTENSIONS__BLOG__CATEGORIES__CREATE: { en: 'Create blog categories', es: 'Crear categorías del blog' },
  EXTENSIONS__BLOG__CATEGORIES__UPDATE: { en: 'Edit blog categories', es: 'Editar categorías del blog' },
  EXTENSIONS__BLOG__CATEGORIES__DELETE: { en: 'Delete blog categories', es: 'Eliminar categorías del blog' },
  EXTENSIONS__WHATSAPP_API: { en: 'Manage the WhatsApp API', es: 'Gestionar la API de WhatsApp' },
  EXTENSIONS__EVENTLOGS__VIEW: { en: 'See the event logs', es: 'Ver los registros de eventos' },
  EXTENSIONS_EXCLUSIVE__VARKET__PLANS__VIEW: { en: 'See marketplace plans', es: 'Ver los planes del mercado' },
  EXTENSIONS_EXCLUSIVE__VARKET__PLANS__CREATE: { en: 'Create marketplace plans', es: 'Crear planes del mercado' },
  EXTENSIONS_EXCLUSIVE__VARKET__PLANS__UPDATE: { en: 'Edit marketplace plans', es: 'Editar planes del mercado' },
  EXTENSIONS_EXCLUSIVE__VARKET__PLANS__DELETE: { en: 'Delete marketplace plans', es: 'Eliminar planes del mercado' },
  EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__VIEW: { en: 'See marketplace sellers', es: 'Ver los vendedores del mercado' },
  EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__CREATE: { en: 'Add marketplace sellers', es: 'Agregar vendedores del mercado' },
  EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__UPDATE: { en: 'Edit marketplace sellers', es: 'Editar vendedores del mercado' },
  EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__DELETE: { en: 'Remove marketplace sellers', es: 'Quitar vendedores del mercado' },
  EXTENSIONS_EXCLUSIVE__VARKET__SELLERS_SALES__VIEW: { en: 'See sellers’ sales', es: 'Ver las ventas de los vendedores' },
  EXTENSIONS_EXCLUSIVE__VARKET__SELLERS_SALES__CREATE: { en: 'Record sellers’ sales', es: 'Registrar ventas de los vendedores' },
  EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__VIEW: { en: 'See image tool users', es: 'Ver los usuarios de la herramienta de imágenes' },
  EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__UPDATE: {
    en: 'Change image tool users’ credits',
    es: 'Cambiar los créditos de los usuarios de la herramienta de imágenes',
  },
  EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__OVERVIEW__VIEW: { en: 'See the image tool overview', es: 'Ver el resumen de la herramienta de imágenes' },
  EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__VIEW: { en: 'See image styles', es: 'Ver los estilos de imagen' },
  EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CREATE: { en: 'Create image styles', es: 'Crear estilos de imagen' },
  EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__UPDATE: { en: 'Edit image styles', es: 'Editar estilos de imagen' },
  EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__DELETE: { en: 'Delete image styles', es: 'Eliminar estilos de imagen' },
  EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__VIEW: { en: 'See image style categories', es: 'Ver las categorías de estilos' },
  EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__CREATE: { en: 'Create image style categories', es: 'Crear categorías de estilos' },
  EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__UPDATE: { en: 'Edit image style categories', es: 'Editar categorías de estilos' },
  EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__DELETE: { en: 'Delete image style categories', es: 'Eliminar categorías de estilos' },
} as const satisfies Record<string, { en: string; es: string }>;

export type Permission = keyof typeof permissions;

export const permissionNames = Object.keys(permissions) as Permission[];

export function isPermission(name: string): name is Permission {
  return Object.hasOwn(permissions, name);
}
