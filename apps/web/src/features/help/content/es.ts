import type { HelpContent } from '../help-content';

const content: HelpContent = {
  updated: '2026-11-22',
  documents: {
    privacyPolicy: {
      intro: [
        'Esta política explica qué información recoge Episodic cuando ves, buscas y pagas, para qué la usamos y qué opciones tienes. Hemos intentado que sea breve y fácil de entender.',
      ],
      sections: [
        {
          heading: 'Qué información recogemos',
          blocks: [
            [
              'Datos de la cuenta: tu correo electrónico y tu contraseña, que solo guardamos cifrada. Si entras con Facebook, Facebook nos comparte tu nombre y tu correo.',
              'Lo que ves: las series y los episodios que reproduces, dónde te quedaste, tu lista y, si has iniciado sesión, tus búsquedas recientes.',
              'Compras: tu plan, las fechas de renovación, tu saldo de monedas y los episodios desbloqueados. De las tarjetas solo guardamos la marca, los cuatro últimos dígitos y la fecha de caducidad, además de una referencia de nuestro proveedor de pagos. Nunca guardamos el número completo ni el código de seguridad.',
              'Datos del dispositivo y de uso: el idioma de la interfaz, el tipo de navegador y de dispositivo, una ubicación aproximada a partir de tu dirección IP y datos técnicos cuando algo falla.',
              'Identificadores publicitarios: si llegas desde un anuncio, el identificador de clic del enlace (como fbclid o ttclid), para atribuir la visita a la campaña correspondiente.',
            ],
          ],
        },
        {
          heading: 'Ver como invitado',
          blocks: [
            'Puedes ver series sin crear una cuenta. En ese caso mantenemos una sesión de invitado para tu dispositivo y tus búsquedas recientes se quedan en tu navegador. Si te registras más tarde, tu lista, tu historial y tus compras pasan a tu nueva cuenta.',
          ],
        },
        {
          heading: 'Para qué la usamos',
          blocks: [
            [
              'Para prestar el servicio: reproducir episodios, recordar dónde te quedaste y conservar tu lista y tus episodios desbloqueados.',
              'Para cobrar, renovar la suscripción que elegiste y enviarte los correos correspondientes, incluido el aviso de renovación con su enlace para cancelar.',
              'Para mantener Episodic seguro y en funcionamiento: evitar fraudes y abusos, y detectar y corregir errores.',
              'Para medir nuestra publicidad y decidir qué series ofrecer.',
            ],
            'No vendemos tu información personal.',
          ],
        },
        {
          heading: 'Cookies, almacenamiento y píxeles',
          blocks: [
            'Una cookie mantiene tu sesión iniciada y el almacenamiento del navegador recuerda tu idioma y los identificadores mencionados. Según nuestra configuración, las páginas también pueden cargar píxeles de medición de Meta (Facebook), Google Analytics, TikTok y Bigo, que reciben eventos como una visita, una búsqueda o una compra. Puedes bloquearlos desde la configuración de privacidad de tu navegador o con un bloqueador de contenido; Episodic seguirá funcionando.',
          ],
        },
        {
          heading: 'Con quién la compartimos',
          blocks: [
            [
              'Con nuestro proveedor de pagos, para procesar cobros y reembolsos.',
              'Con empresas que alojan el servicio, envían nuestros correos o nos informan de errores, con contratos que limitan lo que pueden hacer con los datos.',
              'Con socios de publicidad y analítica, solo en cuanto a los eventos descritos arriba.',
              'Con las autoridades, cuando la ley lo exige.',
            ],
          ],
        },
        {
          heading: 'Cuánto tiempo la conservamos',
          blocks: [
            'Conservamos los datos de tu cuenta mientras exista. Los registros de pago se guardan el tiempo que exigen las normas fiscales y contables. Las sesiones de invitado que dejan de usarse caducan.',
          ],
        },
        {
          heading: 'Tus opciones y derechos',
          blocks: [
            'En la pestaña [Yo](/my) puedes descargar una copia de tus datos y eliminar tu cuenta. También puedes pedirnos que corrijamos o borremos información, u oponerte a cómo la usamos, a través del [formulario de contacto](/contactUs). Según dónde vivas, también puedes presentar una reclamación ante tu autoridad de protección de datos.',
          ],
        },
        {
          heading: 'Menores',
          blocks: ['Episodic no está pensado para menores de 13 años y no recogemos conscientemente su información.'],
        },
        {
          heading: 'Cambios en esta política',
          blocks: [
            'Si cambiamos esta política de forma importante, te lo diremos en la aplicación o por correo antes de que el cambio se aplique.',
          ],
        },
      ],
    },
    refundPolicy: {
      intro: [
        'Pagar por Episodic debe ser sencillo y justo. Esta política explica cómo funcionan las suscripciones y las monedas, cómo cancelar y cuándo puedes recuperar tu dinero.',
      ],
      sections: [
        {
          heading: 'Las suscripciones se renuevan automáticamente',
          blocks: [
            'Una suscripción puede ser semanal (7 días), mensual (30 días) o anual (365 días). Al final de cada periodo se renueva automáticamente por la misma duración y al precio que viste al suscribirte, hasta que la canceles.',
            'Todos los correos de renovación incluyen un enlace para cancelar.',
          ],
        },
        {
          heading: 'Cancela con un solo toque',
          blocks: [
            [
              'Abre la pestaña [Yo](/my) y cancela la suscripción desde ahí.',
              'O usa el enlace para cancelar de cualquier correo de renovación. No hace falta iniciar sesión.',
            ],
            'Al cancelar se detiene la próxima renovación. Mantienes el acceso hasta el final del periodo que ya pagaste y no se te vuelve a cobrar.',
          ],
        },
        {
          heading: 'Reembolsos por renovaciones accidentales',
          blocks: [
            'Si tu suscripción se renovó sin que lo quisieras, pide el reembolso en los 7 días siguientes al cobro a través del [formulario de contacto](/contactUs). Te devolvemos esa renovación en la tarjeta en la que se cobró y damos por terminada la suscripción.',
            'Pasados 7 días, la renovación no se reembolsa, pero puedes cancelar para que no vuelva a renovarse.',
          ],
        },
        {
          heading: 'Monedas',
          blocks: [
            'Las monedas sirven para desbloquear episodios. Las que compraste y no has gastado siguen en tu saldo. Las monedas ya gastadas no se reembolsan, salvo que el fallo sea nuestro, por ejemplo:',
            [
              'se te cobró dos veces la misma compra;',
              'se descontaron monedas pero el episodio no se desbloqueó;',
              'un episodio desbloqueado no se reproduce y no podemos solucionarlo.',
            ],
            'En esos casos te devolvemos las monedas o reembolsamos el pago.',
          ],
        },
        {
          heading: 'Cómo se hacen los reembolsos',
          blocks: [
            'Los reembolsos se abonan en la tarjeta con la que pagaste. Los bancos suelen reflejarlos en un plazo de 5 a 10 días hábiles.',
          ],
        },
        {
          heading: 'Tus derechos legales',
          blocks: ['Esta política no limita los derechos que te reconoce la normativa de consumo de tu país.'],
        },
      ],
    },
    serviceAgreement: {
      intro: [
        'Este acuerdo es entre tú y Episodic. Al usar el servicio lo aceptas. Léelo junto con nuestra [Política de privacidad](/privacyPolicy), nuestra [Política de reembolso](/refundPolicy) y nuestra [Política de contenido](/contentPolicy).',
      ],
      sections: [
        {
          heading: 'El servicio',
          blocks: [
            'Episodic te permite ver series dramáticas cortas en el móvil o en el ordenador. Los primeros episodios de cada serie son gratis. Los siguientes se desbloquean con monedas o están incluidos en una suscripción. El catálogo cambia con el tiempo y una serie puede dejar de estar disponible cuando termina nuestra licencia.',
          ],
        },
        {
          heading: 'Tu cuenta',
          blocks: [
            [
              'Puedes ver como invitado o crear una cuenta con correo y contraseña, o con Facebook.',
              'No compartas tu contraseña. Eres responsable de lo que ocurra en tu cuenta.',
              'Para comprar una suscripción o monedas debes tener al menos 18 años o contar con el permiso de tu madre, padre o tutor.',
            ],
          ],
        },
        {
          heading: 'Suscripciones',
          blocks: [
            'Una suscripción da acceso a todos los episodios durante su periodo: 7 días (semanal), 30 días (mensual) o 365 días (anual). Se renueva automáticamente por el mismo periodo, al precio que viste al suscribirte, hasta que la canceles.',
            'Puedes cancelar cuando quieras, con un solo toque, desde la pestaña [Yo](/my) o con el enlace de cualquier correo de renovación. Al cancelar se detiene la próxima renovación y mantienes el acceso hasta el final del periodo pagado. Si un precio cambia, te avisamos antes de que se aplique a tu próxima renovación.',
          ],
        },
        {
          heading: 'Monedas',
          blocks: [
            'Las monedas se compran en paquetes y sirven para desbloquear episodios sueltos. Un episodio desbloqueado queda desbloqueado en tu cuenta. Las monedas no tienen valor en efectivo, no se pueden transferir y solo se reembolsan en los casos que recoge la [Política de reembolso](/refundPolicy).',
          ],
        },
        {
          heading: 'Pagos',
          blocks: [
            'Pagas con tarjeta de crédito, débito o prepago a través de nuestro proveedor de pagos. Nunca guardamos el número completo de la tarjeta ni el código de seguridad, solo la marca, los cuatro últimos dígitos y la fecha de caducidad. Salvo que indiquemos lo contrario, los precios incluyen los impuestos aplicables en tu país.',
          ],
        },
        {
          heading: 'Uso adecuado',
          blocks: [
            [
              'Usa el servicio para tu disfrute personal y sin fines comerciales.',
              'No copies, grabes, descargues ni redistribuyas los vídeos, ni intentes saltarte los bloqueos u otras protecciones.',
              'No revendas el acceso, no compartas tu cuenta fuera de tu hogar ni uses bots o scripts.',
              'No perjudiques el servicio ni a otros espectadores.',
            ],
            'Podemos suspender o cerrar una cuenta que incumpla estas normas. Si cerramos tu cuenta sin un motivo justificado, te reembolsamos la parte no usada de tu suscripción y tus monedas sin gastar.',
          ],
        },
        {
          heading: 'Contenido',
          blocks: [
            'Los vídeos, las imágenes y los textos de Episodic nos pertenecen a nosotros o a quienes nos los licencian. La [Política de contenido](/contentPolicy) explica qué pueden contener las series y cómo informar de un problema.',
          ],
        },
        {
          heading: 'Disponibilidad',
          blocks: [
            'Trabajamos para que Episodic funcione bien, pero no podemos garantizar que esté siempre disponible ni libre de errores. Podemos cambiar o retirar funciones. Si cerramos el servicio por completo, reembolsamos la parte no usada de las suscripciones y las monedas sin gastar.',
          ],
        },
        {
          heading: 'Fin del acuerdo',
          blocks: [
            'Puedes dejar de usar Episodic cuando quieras y eliminar tu cuenta desde la pestaña [Yo](/my). Al eliminar la cuenta también se cancela tu suscripción.',
          ],
        },
        {
          heading: 'Responsabilidad',
          blocks: [
            'Nada de este acuerdo limita la responsabilidad que la ley no permite limitar. Fuera de esos casos, no respondemos de pérdidas indirectas y nuestra responsabilidad total ante ti se limita a lo que nos hayas pagado en los 12 meses anteriores a la reclamación.',
          ],
        },
        {
          heading: 'Cambios y preguntas',
          blocks: [
            'Podemos actualizar este acuerdo. Si un cambio te afecta, te avisaremos con antelación y, si no lo aceptas, podrás cancelar antes de que se aplique. Si tienes preguntas, escríbenos a través del [formulario de contacto](/contactUs).',
          ],
        },
      ],
    },
    contentPolicy: {
      intro: [
        'Episodic publica series dramáticas cortas para público adolescente y adulto. Esta política explica qué pueden contener nuestras series, qué no publicamos y cómo avisarnos de un problema. Usar el servicio también supone aceptar estas condiciones de uso.',
      ],
      sections: [
        {
          heading: 'Qué vas a encontrar',
          blocks: [
            'Nuestras series son ficción: romance, venganza, dramas familiares, fantasía y mucho más. Las historias pueden tratar temas adultos como conflictos, traiciones, violencia leve o escenas románticas. Cuando una serie incluye contenido más fuerte, lo indica en su descripción.',
          ],
        },
        {
          heading: 'Qué no publicamos',
          blocks: [
            [
              'Contenido sexual con menores, de ninguna forma.',
              'Contenido sexual explícito.',
              'Contenido que promueva el odio o la violencia contra personas por lo que son.',
              'Instrucciones realistas para cometer delitos graves o para autolesionarse.',
              'Contenido que vulnere derechos de terceros o use la imagen de una persona real sin su consentimiento.',
            ],
          ],
        },
        {
          heading: 'Edad',
          blocks: [
            'Episodic está pensado para espectadores a partir de 13 años. Algunas series solo son adecuadas para adultos, así que conviene que madres y padres supervisen lo que ven sus hijos.',
          ],
        },
        {
          heading: 'Idiomas y subtítulos',
          blocks: [
            'Las series se ofrecen en varios idiomas. Buscamos traducciones fieles; si un título o un subtítulo es incorrecto u ofensivo, avísanos.',
          ],
        },
        {
          heading: 'Cómo informar de un problema',
          blocks: [
            'Si crees que una serie incumple esta política o tus derechos, escríbenos a través del [formulario de contacto](/contactUs) indicando el título de la serie y el número del episodio. Revisamos todos los avisos y, si es necesario, retiramos el episodio o la serie. Si eres titular de los derechos de algo que aparece en Episodic, adjunta una prueba para que podamos actuar rápido.',
          ],
        },
        {
          heading: 'Nuestras decisiones',
          blocks: [
            'Podemos retirar contenido o limitarlo en algunos países. Si gastaste monedas en un episodio que retiramos, te las devolvemos.',
          ],
        },
      ],
    },
  },
  faq: [
    {
      question: '¿Episodic es gratis?',
      answer: [
        'Los primeros episodios de cada serie son gratis y no necesitas una cuenta para verlos. Para seguir con una serie, desbloquea episodios con monedas o hazte con una suscripción que incluye todos los episodios.',
      ],
    },
    {
      question: '¿Qué diferencia hay entre las monedas y una suscripción?',
      answer: [
        'Las monedas desbloquean episodios sueltos, y un episodio desbloqueado sigue disponible para ti. Una suscripción (semanal, mensual o anual) da acceso a todos los episodios mientras esté activa.',
      ],
    },
    {
      question: '¿Cómo se renueva mi suscripción?',
      answer: [
        'Se renueva automáticamente al final de cada periodo, cada 7, 30 o 365 días según tu plan, hasta que la canceles. Todos los correos de renovación incluyen un enlace para cancelar.',
      ],
    },
    {
      question: '¿Cómo cancelo mi suscripción?',
      answer: [
        'Abre la pestaña [Yo](/my) y cancela con un solo toque, o usa el enlace para cancelar de cualquier correo de renovación. La suscripción deja de renovarse y mantienes el acceso hasta el final del periodo que pagaste.',
      ],
    },
    {
      question: 'Me cobraron una renovación que no quería. ¿Me devolvéis el dinero?',
      answer: [
        'Sí, si lo pides en los 7 días siguientes al cobro. Escríbenos a través del [formulario de contacto](/contactUs) indicando la fecha del cargo y los cuatro últimos dígitos de la tarjeta. Tienes todos los detalles en la [Política de reembolso](/refundPolicy).',
      ],
    },
    {
      question: '¿Puedo recuperar mis monedas?',
      answer: [
        'Las monedas gastadas no se reembolsan, salvo que el fallo sea nuestro: por ejemplo, si se te cobró dos veces o un episodio desbloqueado no se reproduce. Avísanos y lo solucionamos.',
      ],
    },
    {
      question: '¿Necesito una cuenta?',
      answer: [
        'No. Como invitado puedes ver series, guardar tu lista y desbloquear episodios en este dispositivo. Crea una cuenta para conservarlo todo si cambias de móvil o de navegador: tu lista, tu historial y tus compras pasan a ella.',
      ],
    },
    {
      question: '¿Están seguros los datos de mi tarjeta?',
      answer: [
        'Los pagos con tarjeta pasan por nuestro proveedor de pagos. Nunca guardamos el número completo de la tarjeta ni el código de seguridad, solo la marca, los cuatro últimos dígitos y la fecha de caducidad.',
      ],
    },
    {
      question: 'Un episodio no se reproduce. ¿Qué hago?',
      answer: [
        [
          'Comprueba tu conexión y vuelve a intentarlo.',
          'Actualiza el navegador o prueba con otro.',
          'Si el episodio está bloqueado, desbloquéalo o comprueba en la pestaña [Yo](/my) que tu suscripción está activa.',
        ],
        '¿Sigue sin funcionar? [Escríbenos](/contactUs) con el título de la serie y el número del episodio.',
      ],
    },
    {
      question: '¿Cómo cambio el idioma?',
      answer: [
        'Usa el selector de idioma de la parte superior de la pantalla. Tu elección se recuerda en este dispositivo.',
      ],
    },
    {
      question: '¿Cómo elimino mi cuenta?',
      answer: [
        'Puedes eliminar tu cuenta desde la pestaña [Yo](/my). Esto también cancela tu suscripción y las monedas sin gastar se pierden, así que úsalas antes.',
      ],
    },
  ],
};

export default content;
