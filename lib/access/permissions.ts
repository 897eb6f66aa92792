// The permission catalogue: every name a profile may hold, with what it grants.
// The "Projects and permissions" work adds the write permissions of each section.
export const permissions = {
  CHATS__TEAM: { en: 'Use the team chat', es: 'Usar el chat del equipo' },
  CHATS__SUPPORT: { en: 'Answer the support chat', es: 'Atender el chat de soporte' },
  USERS__VIEW: { en: 'See the project members', es: 'Ver los miembros del proyecto' },
  PROFILES__VIEW: { en: 'See the role profiles', es: 'Ver los perfiles de rol' },
  BOARDS__VIEW: { en: 'See the boards', es: 'Ver los tableros' },
  REQUESTS__VIEW: { en: 'See the requests', es: 'Ver las solicitudes' },
  INVOICES__VIEW: { en: 'See the invoices', es: 'Ver las facturas' },
  INVOICES__PAY: { en: 'Pay invoices', es: 'Pagar facturas' },
  INTERVIEWS__VIEW: { en: 'See the interviews', es: 'Ver las entrevistas' },
  SETTINGS__UPDATE: { en: 'Change the project settings', es: 'Cambiar la configuración del proyecto' },
  EXTENSIONS__BLOG__POSTS__VIEW: { en: 'See blog posts', es: 'Ver las entradas del blog' },
  EXTENSIONS__BLOG__CATEGORIES__VIEW: { en: 'See blog categories', es: 'Ver las categorías del blog' },
  EXTENSIONS__WHATSAPP_API: { en: 'Manage the WhatsApp API', es: 'Gestionar la API de WhatsApp' },
  EXTENSIONS__EVENTLOGS__VIEW: { en: 'See the event logs', es: 'Ver los registros de eventos' },
  EXTENSIONS_EXCLUSIVE__VARKET__PLANS__VIEW: { en: 'See marketplace plans', es: 'Ver los planes del mercado' },
  EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__VIEW: { en: 'See marketplace sellers', es: 'Ver los vendedores del mercado' },
  EXTENSIONS_EXCLUSIVE__VARKET__SELLERS_SALES__VIEW: { en: 'See sellers’ sales', es: 'Ver las ventas de los vendedores' },
  EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__VIEW: { en: 'See image tool users', es: 'Ver los usuarios de la herramienta de imágenes' },
  EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__OVERVIEW__VIEW: { en: 'See the image tool overview', es: 'Ver el resumen de la herramienta de imágenes' },
  EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__VIEW: { en: 'See image styles', es: 'Ver los estilos de imagen' },
  EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__VIEW: { en: 'See image style categories', es: 'Ver las categorías de estilos' },
} as const satisfies Record<string, { en: string; es: string }>;

export type Permission = keyof typeof permissions;

export const permissionNames = Object.keys(permissions) as Permission[];

export function isPermission(name: string): name is Permission {
  return Object.hasOwn(permissions, name);
}
