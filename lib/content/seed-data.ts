export type SeedFaq = {
  locale: 'en' | 'es';
  position: number;
  question: string;
  answer: string /* Markdown */;
};

export type SeedHelpArticle = {
  topic: string /* same for both translations, kebab-case */;
  locale: 'en' | 'es';
  slug: string /* kebab-case, [a-z0-9-], in the article's language, unique per locale */;
  position: number;
  title: string;
  summary: string /* one sentence, <= 160 chars, plain text */;
  body: string /* Markdown */;
};

export const seedFaqs: SeedFaq[] = [
  // ---------------------------------------------------------------------------
  // English
  // ---------------------------------------------------------------------------
  {
    locale: 'en',
    position: 1,
    question: 'What is Atrio?',
    answer: `Atrio is a platform where teams and businesses run their work inside **projects**. Each project has its own staff dashboard with team chat, support chat, users, profiles, boards, requests, invoices, interviews and settings. You can use the interface in English or Spanish, with a light or dark theme. To get started, read [Getting started](/help/getting-started).`,
  },
  {
    locale: 'en',
    position: 2,
    question: 'How do I create an account?',
    answer: `Go to [Create an account](/register), fill in the form and choose a password of 8 to 128 characters that includes at least one digit, one lowercase letter and one uppercase letter. We then send you an email with a link to confirm your address. Once your email is confirmed, you can request a project or accept an invitation to join one.`,
  },
  {
    locale: 'en',
    position: 3,
    question: "I didn't receive the confirmation email. What should I do?",
    answer: `First, check your spam or junk folder and make sure you typed your email address correctly. If the platform has no outgoing mail server configured, emails are not delivered to your inbox; instead they are kept in an outbox that the platform's root administrator can read. In that case, ask the administrator of the platform you are using to help you confirm your account.`,
  },
  {
    locale: 'en',
    position: 4,
    question: 'How do I request a project?',
    answer: `Sign in with a confirmed account and open [Request a project](/request-project). Give your project a name and a short key, such as **acme-store**, which identifies it across the platform. The platform's root administrator reviews each request and enables the project; after that it appears in your project picker. See [Requesting a project](/help/request-a-project) for details.`,
  },
  {
    locale: 'en',
    position: 5,
    question: 'What are profiles?',
    answer: `Inside a project, members act through **profiles**: roles that hold a list of permissions. What you can see and do in the dashboard depends on the profile you are using, and a profile marked as root, such as **Owner**, passes every permission check. Project staff with the right permissions edit profiles with a permission tree in the Profiles module. Learn more in [Projects and profiles](/help/projects-and-profiles).`,
  },
  {
    locale: 'en',
    position: 6,
    question: 'Can I belong to more than one project?',
    answer: `Yes. You can be a member of several projects and hold one or more profiles in each of them. To change where you are working, open the picker dialog in the app bar and select the project and profile you want to use. The dashboard then shows the modules available to that profile.`,
  },
  {
    locale: 'en',
    position: 7,
    question: 'How do I add my team to a project?',
    answer: `Open the **Users** module in your project dashboard and invite each person by email. Assign them one or more profiles so they get the right permissions, and deactivate users who should no longer have access. Step-by-step instructions are in [Inviting your team](/help/inviting-your-team).`,
  },
  {
    locale: 'en',
    position: 8,
    question: 'I forgot my password. How do I get back into my account?',
    answer: `Use the **Forgot password** option on the sign-in page and enter your account's email address. You will receive a link to set a new password, which is **valid for 1 hour**. If the link has expired, simply request a new one. Your new password must also have 8 to 128 characters, with at least one digit, one lowercase and one uppercase letter.`,
  },
  {
    locale: 'en',
    position: 9,
    question: 'How can I see where my account is signed in?',
    answer: `Go to the security tab of your account at [Account security](/account/security). It lists the devices where your account is currently signed in, and you can sign out any device you don't recognize or no longer use. For more tips, read [Account security](/help/account-security).`,
  },
  {
    locale: 'en',
    position: 10,
    question: 'How do I pay my project invoices?',
    answer: `The **Invoices** module shows what the platform bills your project. You can pay each invoice in one of these ways:

- **Crypto**, using BTC or USDT.
- **Bank transfer**, then upload your proof of payment on the invoice.

Only members whose profile has access to Invoices can see and pay them.`,
  },

  // ---------------------------------------------------------------------------
  // Spanish
  // ---------------------------------------------------------------------------
  {
    locale: 'es',
    position: 1,
    question: '¿Qué es Atrio?',
    answer: `Atrio es una plataforma donde equipos y negocios organizan su trabajo dentro de **proyectos**. Cada proyecto tiene su propio panel para el personal, con chat de equipo, chat de soporte, usuarios, perfiles, tableros, solicitudes, facturas, entrevistas y configuración. Puedes usar la interfaz en español o en inglés, con tema claro u oscuro. Para empezar, lee [Primeros pasos](/ayuda/primeros-pasos).`,
  },
  {
    locale: 'es',
    position: 2,
    question: '¿Cómo creo una cuenta?',
    answer: `Ve a [Crear una cuenta](/registro), completa el formulario y elige una contraseña de 8 a 128 caracteres que tenga al menos un número, una letra minúscula y una letra mayúscula. Después te enviamos un correo con un enlace para confirmar tu dirección. Cuando tu correo esté confirmado, podrás solicitar un proyecto o aceptar una invitación para unirte a uno.`,
  },
  {
    locale: 'es',
    position: 3,
    question: 'No recibí el correo de confirmación. ¿Qué hago?',
    answer: `Primero revisa tu carpeta de spam o correo no deseado y verifica que escribiste bien tu dirección. Si la plataforma no tiene un servidor de correo saliente configurado, los correos no llegan a tu bandeja de entrada: se guardan en una bandeja de salida que el administrador raíz de la plataforma puede leer. En ese caso, pide ayuda al administrador de la plataforma que estás usando para confirmar tu cuenta.`,
  },
  {
    locale: 'es',
    position: 4,
    question: '¿Cómo solicito un proyecto?',
    answer: `Inicia sesión con una cuenta confirmada y abre [Solicitar un proyecto](/solicitar-proyecto). Dale a tu proyecto un nombre y una clave corta, como **acme-store**, que lo identifica en toda la plataforma. El administrador raíz de la plataforma revisa cada solicitud y habilita el proyecto; a partir de ese momento aparece en tu selector de proyectos. Consulta [Solicitar un proyecto](/ayuda/solicitar-un-proyecto) para más detalles.`,
  },
  {
    locale: 'es',
    position: 5,
    question: '¿Qué son los perfiles?',
    answer: `Dentro de un proyecto, los miembros actúan a través de **perfiles**: roles que contienen una lista de permisos. Lo que puedes ver y hacer en el panel depende del perfil que estés usando, y un perfil marcado como raíz, como **Owner** (Propietario), supera cualquier verificación de permisos. El personal con los permisos adecuados edita los perfiles con un árbol de permisos en el módulo Perfiles. Aprende más en [Proyectos y perfiles](/ayuda/proyectos-y-perfiles).`,
  },
  {
    locale: 'es',
    position: 6,
    question: '¿Puedo pertenecer a más de un proyecto?',
    answer: `Sí. Puedes ser miembro de varios proyectos y tener uno o más perfiles en cada uno. Para cambiar de lugar de trabajo, abre el selector en la barra superior de la aplicación y elige el proyecto y el perfil que quieres usar. El panel mostrará entonces los módulos disponibles para ese perfil.`,
  },
  {
    locale: 'es',
    position: 7,
    question: '¿Cómo agrego a mi equipo a un proyecto?',
    answer: `Abre el módulo **Usuarios** en el panel de tu proyecto e invita a cada persona por correo electrónico. Asígnale uno o más perfiles para que tenga los permisos adecuados, y desactiva a los usuarios que ya no deban tener acceso. Encontrarás instrucciones paso a paso en [Invitar a tu equipo](/ayuda/invitar-a-tu-equipo).`,
  },
  {
    locale: 'es',
    position: 8,
    question: 'Olvidé mi contraseña. ¿Cómo vuelvo a entrar a mi cuenta?',
    answer: `Usa la opción **Olvidé mi contraseña** en la página de inicio de sesión e ingresa el correo de tu cuenta. Recibirás un enlace para crear una nueva contraseña, que es **válido durante 1 hora**. Si el enlace venció, solo tienes que pedir uno nuevo. Tu nueva contraseña también debe tener de 8 a 128 caracteres, con al menos un número, una minúscula y una mayúscula.`,
  },
  {
    locale: 'es',
    position: 9,
    question: '¿Cómo veo dónde está abierta mi cuenta?',
    answer: `Ve a la pestaña de seguridad de tu cuenta en [Seguridad de la cuenta](/cuenta/seguridad). Ahí verás los dispositivos donde tu cuenta tiene una sesión iniciada, y puedes cerrar la sesión de cualquier dispositivo que no reconozcas o que ya no uses. Para más consejos, lee [Seguridad de la cuenta](/ayuda/seguridad-de-la-cuenta).`,
  },
  {
    locale: 'es',
    position: 10,
    question: '¿Cómo pago las facturas de mi proyecto?',
    answer: `El módulo **Facturas** muestra lo que la plataforma le cobra a tu proyecto. Puedes pagar cada factura de una de estas formas:

- **Criptomonedas**, con BTC o USDT.
- **Transferencia bancaria**, y luego subes el comprobante de pago en la factura.

Solo los miembros cuyo perfil tiene acceso a Facturas pueden verlas y pagarlas.`,
  },
];

export const seedHelpArticles: SeedHelpArticle[] = [
  // ---------------------------------------------------------------------------
  // English
  // ---------------------------------------------------------------------------
  {
    topic: 'getting-started',
    locale: 'en',
    slug: 'getting-started',
    position: 1,
    title: 'Getting started with Atrio',
    summary: 'Create your account, confirm your email and find your way into your first project.',
    body: `Atrio brings your team's work together in **projects**. Each project is a workspace for a team or business, with a staff dashboard that includes team chat, support chat, users, profiles, boards, requests, invoices, interviews and settings.

## Create your account

1. Open [Create an account](/register) and fill in the form.
2. Choose a password between 8 and 128 characters long. It must include at least one digit, one lowercase letter and one uppercase letter.
3. Check your inbox and follow the link in the confirmation email to confirm your address.

If the email doesn't arrive, look in your spam folder first. Some platforms have no outgoing mail server configured; in that case emails are kept in an outbox that the platform's root administrator reads, so ask them for help.

## Get access to a project

Once your email is confirmed, there are two ways to start working:

- **Request your own project.** Fill in the request form and wait for the platform's root administrator to review and enable it. See [Requesting a project](/help/request-a-project).
- **Join an existing project.** A member of that project invites you by email from the Users module. See [Inviting your team](/help/inviting-your-team).

## Find your way around

- The **picker dialog in the app bar** lets you switch between your projects and profiles.
- The modules you see depend on the permissions of your active profile, so two teammates may see different menus.
- You can use the interface in **English or Spanish** and switch between a **light and dark theme**.

## Next steps

- Learn how roles work in [Projects and profiles](/help/projects-and-profiles).
- Protect your account with [Account security](/help/account-security).
- Set up conversations with [Chats and notifications](/help/chats-and-notifications).`,
  },
  {
    topic: 'request-a-project',
    locale: 'en',
    slug: 'request-a-project',
    position: 2,
    title: 'Requesting a project',
    summary: 'Ask for a new workspace for your team or business and learn what happens while it is reviewed.',
    body: `A project is the workspace where your team collaborates. Every project is identified by a short key and must be enabled by the platform's root administrator before you can use it.

## Before you start

- You need an account with a **confirmed email address**. If you don't have one yet, start at [Create an account](/register).
- Think about the key you want. The key is a short identifier such as **acme-store**. It identifies your project across the platform and appears in public links, for example the address where people answer your interviews: /projects/acme-store/interview.

## Send your request

1. Sign in and open [Request a project](/request-project).
2. Enter the project name and the key you chose.
3. Complete any other details the form asks for and send the request.

## While your request is reviewed

The platform's root administrator reviews each request and decides whether to enable the project. Until then, the project is not available in your dashboard. When it is enabled, it appears in the project picker in the app bar.

## After your project is enabled

1. Open the project from the picker in the app bar.
2. Go to **Settings** and set the project name, logo, default currency, time zone and language.
3. Review the available **extensions** in Settings. Any project can switch on the blog, the WhatsApp API integration (which feeds messages into support chat) and event logs with access charts.
4. Check the **Profiles** module to decide which roles your team needs. See [Projects and profiles](/help/projects-and-profiles).
5. Invite your colleagues from the **Users** module. See [Inviting your team](/help/inviting-your-team).

## Billing

The platform bills each project through the **Invoices** module. Invoices can be paid with crypto (BTC or USDT) or by bank transfer, uploading your proof of payment on the invoice.`,
  },
  {
    topic: 'projects-and-profiles',
    locale: 'en',
    slug: 'projects-and-profiles',
    position: 3,
    title: 'Projects and profiles',
    summary: 'Understand how projects, profiles and permissions decide what you can see and do in each workspace.',
    body: `In Atrio you never act in a project "just as yourself": you always act through a **profile**. Understanding profiles helps you give every teammate exactly the access they need.

## What a profile is

A profile is a role inside one project. It holds a list of permissions that decide which modules and actions are available, such as reading requests, moving cards on boards or paying invoices.

- A profile marked as **root**, like the **Owner** profile, passes every permission check.
- Other profiles only allow what their permission list includes.
- A member can hold **one or more profiles** in the same project.

## Working in several projects

You can belong to several projects at once, each with its own profiles. The combination you are using right now, a project plus a profile, is your **active pair**.

1. Open the **picker dialog** in the app bar.
2. Select the project you want to work in.
3. Select the profile you want to use in that project.

The dashboard updates to show the modules your active profile allows. If a module you expect is missing, check that you picked the right profile, or ask a project administrator to review your permissions.

## Editing profiles

Members with permission to manage profiles can do so in the **Profiles** module:

1. Open **Profiles** and create a new profile or select an existing one.
2. Use the **permission tree** to turn permissions on or off.
3. Save your changes.

## Good practices

- Keep the Owner profile for the few people who must manage everything.
- Create profiles around real jobs, for example "Support agent" or "Accounting", instead of one profile per person.
- Review profiles when someone changes role, and assign or remove profiles from the **Users** module. See [Inviting your team](/help/inviting-your-team).`,
  },
  {
    topic: 'inviting-your-team',
    locale: 'en',
    slug: 'inviting-your-team',
    position: 4,
    title: 'Inviting your team',
    summary: 'Invite colleagues by email, give them the right profiles and remove access when they leave.',
    body: `A project works best when your whole team is in it. You manage members from the **Users** module of the project dashboard. You need a profile with permission to manage users, such as Owner.

## Invite someone

1. Use the picker in the app bar to make sure you are in the right project.
2. Open the **Users** module.
3. Choose to invite a user and enter their email address.
4. Select the profile or profiles the person should have.
5. Send the invitation.

The invited person receives an email with the invitation. If your platform has no outgoing mail server configured, emails are kept in an outbox read by the platform's root administrator instead of being delivered, so coordinate with them if the invitation doesn't arrive.

## Choose the right profiles

Profiles decide what each member can see and do. Before inviting many people, review the **Profiles** module and make sure there is a profile for each kind of job in your team. A person can hold more than one profile and switch between them with the picker in the app bar. See [Projects and profiles](/help/projects-and-profiles).

## Change a member's access

1. Open **Users** and select the member.
2. Add or remove profiles as their responsibilities change.
3. Save your changes.

## When someone leaves

Deactivate the user in the **Users** module. A deactivated user can no longer work in your project, while the rest of your team keeps working as usual.

## Tips

- Give new members the smallest set of permissions they need and add more later.
- Keep the Owner profile for a small group of trusted people.
- Ask new members to read [Getting started](/help/getting-started) and [Account security](/help/account-security).`,
  },
  {
    topic: 'account-security',
    locale: 'en',
    slug: 'account-security',
    position: 5,
    title: 'Account security',
    summary: 'Choose a strong password, reset it if you forget it and sign out devices you no longer use.',
    body: `Your Atrio account can give access to several projects, so keeping it safe protects your whole team.

## Password requirements

Every password must:

- Be between **8 and 128 characters** long.
- Include at least **one digit**.
- Include at least **one lowercase** and **one uppercase** letter.

A longer passphrase that you don't use anywhere else is the safest choice.

## If you forget your password

1. On the sign-in page, choose **Forgot password**.
2. Enter the email address of your account.
3. Open the email and follow the reset link. The link is **valid for 1 hour**.
4. Choose a new password that meets the requirements above.

If the link expires, request a new one. If no email arrives, check your spam folder. When the platform has no outgoing mail server configured, emails are kept in an outbox that the platform's root administrator reads, so contact them.

## Review your signed-in devices

The security tab of your account lists every device where your account is signed in.

1. Open [Account security](/account/security).
2. Review the list of devices.
3. Sign out any device you don't recognize or no longer use, such as a shared or old computer.

## If you think someone else got into your account

1. Sign out every device you don't recognize from the security tab.
2. Set a new password using **Forgot password**.
3. Tell the administrators of your projects, so they can review what happened and, if needed, adjust profiles in the Users module.

## Everyday habits

- Sign out when you finish on a shared computer.
- Never share your password; ask a project administrator to invite a colleague instead. See [Inviting your team](/help/inviting-your-team).`,
  },
  {
    topic: 'chats-and-notifications',
    locale: 'en',
    slug: 'chats-and-notifications',
    position: 6,
    title: 'Chats and notifications',
    summary: 'Talk with your team in channels and direct messages, answer users in support chat and get browser notifications.',
    body: `Atrio has two kinds of chat in each project: **team chat** for staff and **support chat** for conversations with the users of your project. Which ones you see depends on the permissions of your active profile.

## Team chat

Team chat keeps internal conversations in one place.

- **Channels** are shared conversations around a topic, area or client.
- **Direct messages** are private conversations with a single teammate.

To start:

1. Select the project and profile in the app bar picker.
2. Open **Team chat**.
3. Pick a channel or a teammate and write your message.

## Support chat

Support chat is where users of your project talk to your staff. Staff members with access to the module see incoming conversations and reply from the dashboard.

If your project switches on the **WhatsApp API** extension in Settings, messages received through the WhatsApp Cloud API integration also arrive in support chat, so your team answers everything from one place.

## Browser notifications

Atrio can show browser notifications when new support messages arrive, even while you work in another tab.

1. Open support chat.
2. When your browser asks for permission to show notifications, choose **Allow**.
3. If you blocked them before, enable notifications for this site in your browser's site settings and reload the page.

Notifications depend on your browser and operating system settings, so also check that notifications are not silenced there.

## Tips

- Use channels for decisions the whole team should see, and direct messages for quick one-to-one questions.
- For work that needs tracking, create a card on a **board** or handle it in **Requests**, where you can add replies and internal notes.
- Review who can access support chat in [Projects and profiles](/help/projects-and-profiles).`,
  },

  // ---------------------------------------------------------------------------
  // Spanish
  // ---------------------------------------------------------------------------
  {
    topic: 'getting-started',
    locale: 'es',
    slug: 'primeros-pasos',
    position: 1,
    title: 'Primeros pasos con Atrio',
    summary: 'Crea tu cuenta, confirma tu correo y entra a tu primer proyecto.',
    body: `Atrio reúne el trabajo de tu equipo en **proyectos**. Cada proyecto es un espacio de trabajo para un equipo o negocio, con un panel para el personal que incluye chat de equipo, chat de soporte, usuarios, perfiles, tableros, solicitudes, facturas, entrevistas y configuración.

## Crea tu cuenta

1. Abre [Crear una cuenta](/registro) y completa el formulario.
2. Elige una contraseña de entre 8 y 128 caracteres. Debe incluir al menos un número, una letra minúscula y una letra mayúscula.
3. Revisa tu bandeja de entrada y sigue el enlace del correo de confirmación para confirmar tu dirección.

Si el correo no llega, revisa primero tu carpeta de spam. Algunas plataformas no tienen un servidor de correo saliente configurado; en ese caso los correos se guardan en una bandeja de salida que lee el administrador raíz de la plataforma, así que pídele ayuda.

## Obtén acceso a un proyecto

Cuando tu correo esté confirmado, hay dos formas de empezar a trabajar:

- **Solicita tu propio proyecto.** Completa el formulario de solicitud y espera a que el administrador raíz de la plataforma lo revise y lo habilite. Consulta [Solicitar un proyecto](/ayuda/solicitar-un-proyecto).
- **Únete a un proyecto existente.** Un miembro de ese proyecto te invita por correo desde el módulo Usuarios. Consulta [Invitar a tu equipo](/ayuda/invitar-a-tu-equipo).

## Ubícate en la plataforma

- El **selector en la barra superior** te permite cambiar entre tus proyectos y perfiles.
- Los módulos que ves dependen de los permisos de tu perfil activo, así que dos compañeros pueden ver menús distintos.
- Puedes usar la interfaz en **español o inglés** y cambiar entre el **tema claro y el oscuro**.

## Siguientes pasos

- Aprende cómo funcionan los roles en [Proyectos y perfiles](/ayuda/proyectos-y-perfiles).
- Protege tu cuenta con [Seguridad de la cuenta](/ayuda/seguridad-de-la-cuenta).
- Organiza tus conversaciones con [Chats y notificaciones](/ayuda/chats-y-notificaciones).`,
  },
  {
    topic: 'request-a-project',
    locale: 'es',
    slug: 'solicitar-un-proyecto',
    position: 2,
    title: 'Solicitar un proyecto',
    summary: 'Pide un nuevo espacio de trabajo para tu equipo o negocio y conoce qué pasa mientras se revisa.',
    body: `Un proyecto es el espacio de trabajo donde colabora tu equipo. Cada proyecto se identifica con una clave corta y debe ser habilitado por el administrador raíz de la plataforma antes de que puedas usarlo.

## Antes de empezar

- Necesitas una cuenta con el **correo confirmado**. Si todavía no tienes una, empieza en [Crear una cuenta](/registro).
- Piensa en la clave que quieres. La clave es un identificador corto, como **acme-store**. Identifica tu proyecto en toda la plataforma y aparece en enlaces públicos, por ejemplo en la dirección donde las personas responden tus entrevistas: /projects/acme-store/interview.

## Envía tu solicitud

1. Inicia sesión y abre [Solicitar un proyecto](/solicitar-proyecto).
2. Escribe el nombre del proyecto y la clave que elegiste.
3. Completa los demás datos que pida el formulario y envía la solicitud.

## Mientras se revisa tu solicitud

El administrador raíz de la plataforma revisa cada solicitud y decide si habilita el proyecto. Hasta entonces, el proyecto no está disponible en tu panel. Cuando se habilita, aparece en el selector de proyectos de la barra superior.

## Cuando tu proyecto esté habilitado

1. Abre el proyecto desde el selector de la barra superior.
2. Entra a **Configuración** y define el nombre, el logo, la moneda predeterminada, la zona horaria y el idioma del proyecto.
3. Revisa las **extensiones** disponibles en Configuración. Cualquier proyecto puede activar el blog, la integración con la API de WhatsApp (que lleva los mensajes al chat de soporte) y los registros de eventos con gráficas de accesos.
4. Revisa el módulo **Perfiles** para decidir qué roles necesita tu equipo. Consulta [Proyectos y perfiles](/ayuda/proyectos-y-perfiles).
5. Invita a tus colegas desde el módulo **Usuarios**. Consulta [Invitar a tu equipo](/ayuda/invitar-a-tu-equipo).

## Facturación

La plataforma le cobra a cada proyecto a través del módulo **Facturas**. Puedes pagar con criptomonedas (BTC o USDT) o por transferencia bancaria, subiendo el comprobante de pago en la factura.`,
  },
  {
    topic: 'projects-and-profiles',
    locale: 'es',
    slug: 'proyectos-y-perfiles',
    position: 3,
    title: 'Proyectos y perfiles',
    summary: 'Entiende cómo los proyectos, perfiles y permisos definen lo que puedes ver y hacer en cada espacio de trabajo.',
    body: `En Atrio nunca actúas en un proyecto "solo como tú mismo": siempre actúas a través de un **perfil**. Entender los perfiles te ayuda a darle a cada compañero exactamente el acceso que necesita.

## Qué es un perfil

Un perfil es un rol dentro de un proyecto. Contiene una lista de permisos que define qué módulos y acciones están disponibles, como leer solicitudes, mover tarjetas en los tableros o pagar facturas.

- Un perfil marcado como **raíz**, como el perfil **Owner** (Propietario), supera cualquier verificación de permisos.
- Los demás perfiles solo permiten lo que incluye su lista de permisos.
- Un miembro puede tener **uno o más perfiles** en el mismo proyecto.

## Trabajar en varios proyectos

Puedes pertenecer a varios proyectos a la vez, cada uno con sus propios perfiles. La combinación que usas en este momento, un proyecto más un perfil, es tu **par activo**.

1. Abre el **selector** en la barra superior de la aplicación.
2. Elige el proyecto en el que quieres trabajar.
3. Elige el perfil que quieres usar en ese proyecto.

El panel se actualiza y muestra los módulos que permite tu perfil activo. Si falta un módulo que esperabas, revisa que elegiste el perfil correcto o pide a un administrador del proyecto que revise tus permisos.

## Editar perfiles

Los miembros con permiso para administrar perfiles pueden hacerlo en el módulo **Perfiles**:

1. Abre **Perfiles** y crea un perfil nuevo o selecciona uno existente.
2. Usa el **árbol de permisos** para activar o desactivar permisos.
3. Guarda los cambios.

## Buenas prácticas

- Reserva el perfil Owner para las pocas personas que deben administrarlo todo.
- Crea perfiles según los puestos reales, por ejemplo "Agente de soporte" o "Contabilidad", en lugar de un perfil por persona.
- Revisa los perfiles cuando alguien cambie de rol, y asigna o quita perfiles desde el módulo **Usuarios**. Consulta [Invitar a tu equipo](/ayuda/invitar-a-tu-equipo).`,
  },
  {
    topic: 'inviting-your-team',
    locale: 'es',
    slug: 'invitar-a-tu-equipo',
    position: 4,
    title: 'Invitar a tu equipo',
    summary: 'Invita a tus colegas por correo, dales los perfiles adecuados y quita el acceso cuando se vayan.',
    body: `Un proyecto funciona mejor cuando todo tu equipo está dentro. Los miembros se administran desde el módulo **Usuarios** del panel del proyecto. Necesitas un perfil con permiso para administrar usuarios, como Owner.

## Invita a alguien

1. Usa el selector de la barra superior para asegurarte de estar en el proyecto correcto.
2. Abre el módulo **Usuarios**.
3. Elige invitar a un usuario y escribe su correo electrónico.
4. Selecciona el perfil o los perfiles que debe tener la persona.
5. Envía la invitación.

La persona invitada recibe un correo con la invitación. Si tu plataforma no tiene un servidor de correo saliente configurado, los correos se guardan en una bandeja de salida que lee el administrador raíz de la plataforma en lugar de enviarse, así que coordina con esa persona si la invitación no llega.

## Elige los perfiles adecuados

Los perfiles definen lo que cada miembro puede ver y hacer. Antes de invitar a muchas personas, revisa el módulo **Perfiles** y asegúrate de que haya un perfil para cada tipo de puesto en tu equipo. Una persona puede tener más de un perfil y cambiar entre ellos con el selector de la barra superior. Consulta [Proyectos y perfiles](/ayuda/proyectos-y-perfiles).

## Cambia el acceso de un miembro

1. Abre **Usuarios** y selecciona al miembro.
2. Agrega o quita perfiles a medida que cambien sus responsabilidades.
3. Guarda los cambios.

## Cuando alguien se va

Desactiva al usuario en el módulo **Usuarios**. Un usuario desactivado ya no puede trabajar en tu proyecto, mientras el resto de tu equipo sigue trabajando con normalidad.

## Consejos

- Dale a cada miembro nuevo el conjunto mínimo de permisos que necesita y agrega más después.
- Reserva el perfil Owner para un grupo pequeño de personas de confianza.
- Pide a los nuevos miembros que lean [Primeros pasos](/ayuda/primeros-pasos) y [Seguridad de la cuenta](/ayuda/seguridad-de-la-cuenta).`,
  },
  {
    topic: 'account-security',
    locale: 'es',
    slug: 'seguridad-de-la-cuenta',
    position: 5,
    title: 'Seguridad de la cuenta',
    summary: 'Elige una contraseña segura, restablécela si la olvidas y cierra la sesión de los dispositivos que ya no usas.',
    body: `Tu cuenta de Atrio puede dar acceso a varios proyectos, así que mantenerla segura protege a todo tu equipo.

## Requisitos de la contraseña

Toda contraseña debe:

- Tener entre **8 y 128 caracteres**.
- Incluir al menos **un número**.
- Incluir al menos **una letra minúscula** y **una letra mayúscula**.

Una frase larga que no uses en ningún otro lugar es la opción más segura.

## Si olvidas tu contraseña

1. En la página de inicio de sesión, elige **Olvidé mi contraseña**.
2. Ingresa el correo electrónico de tu cuenta.
3. Abre el correo y sigue el enlace para restablecerla. El enlace es **válido durante 1 hora**.
4. Elige una contraseña nueva que cumpla los requisitos anteriores.

Si el enlace vence, pide uno nuevo. Si no llega ningún correo, revisa tu carpeta de spam. Cuando la plataforma no tiene un servidor de correo saliente configurado, los correos se guardan en una bandeja de salida que lee el administrador raíz de la plataforma, así que comunícate con esa persona.

## Revisa tus dispositivos con sesión iniciada

La pestaña de seguridad de tu cuenta muestra todos los dispositivos donde tu cuenta tiene una sesión iniciada.

1. Abre [Seguridad de la cuenta](/cuenta/seguridad).
2. Revisa la lista de dispositivos.
3. Cierra la sesión de cualquier dispositivo que no reconozcas o que ya no uses, como una computadora compartida o antigua.

## Si crees que alguien más entró a tu cuenta

1. Cierra la sesión de todos los dispositivos que no reconozcas desde la pestaña de seguridad.
2. Crea una contraseña nueva con **Olvidé mi contraseña**.
3. Avisa a los administradores de tus proyectos para que revisen lo ocurrido y, si hace falta, ajusten los perfiles en el módulo Usuarios.

## Hábitos diarios

- Cierra sesión al terminar en una computadora compartida.
- Nunca compartas tu contraseña; pide a un administrador del proyecto que invite a tu colega. Consulta [Invitar a tu equipo](/ayuda/invitar-a-tu-equipo).`,
  },
  {
    topic: 'chats-and-notifications',
    locale: 'es',
    slug: 'chats-y-notificaciones',
    position: 6,
    title: 'Chats y notificaciones',
    summary: 'Habla con tu equipo en canales y mensajes directos, atiende a los usuarios en el chat de soporte y recibe notificaciones del navegador.',
    body: `Atrio tiene dos tipos de chat en cada proyecto: el **chat de equipo** para el personal y el **chat de soporte** para conversar con los usuarios de tu proyecto. Cuáles ves depende de los permisos de tu perfil activo.

## Chat de equipo

El chat de equipo reúne las conversaciones internas en un solo lugar.

- Los **canales** son conversaciones compartidas sobre un tema, un área o un cliente.
- Los **mensajes directos** son conversaciones privadas con un solo compañero.

Para empezar:

1. Elige el proyecto y el perfil en el selector de la barra superior.
2. Abre el **Chat de equipo**.
3. Elige un canal o un compañero y escribe tu mensaje.

## Chat de soporte

En el chat de soporte, los usuarios de tu proyecto hablan con tu personal. Los miembros del personal con acceso al módulo ven las conversaciones entrantes y responden desde el panel.

Si tu proyecto activa la extensión **API de WhatsApp** en Configuración, los mensajes recibidos a través de la integración con la WhatsApp Cloud API también llegan al chat de soporte, para que tu equipo responda todo desde un solo lugar.

## Notificaciones del navegador

Atrio puede mostrar notificaciones del navegador cuando llegan mensajes nuevos de soporte, incluso mientras trabajas en otra pestaña.

1. Abre el chat de soporte.
2. Cuando tu navegador pida permiso para mostrar notificaciones, elige **Permitir**.
3. Si antes las bloqueaste, activa las notificaciones para este sitio en la configuración del navegador y vuelve a cargar la página.

Las notificaciones dependen de la configuración de tu navegador y de tu sistema operativo, así que revisa también que no estén silenciadas ahí.

## Consejos

- Usa los canales para decisiones que todo el equipo debe ver y los mensajes directos para preguntas rápidas entre dos personas.
- Para el trabajo que necesita seguimiento, crea una tarjeta en un **tablero** o atiéndelo en **Solicitudes**, donde puedes agregar respuestas y notas internas.
- Revisa quién puede acceder al chat de soporte en [Proyectos y perfiles](/ayuda/proyectos-y-perfiles).`,
  },
];
