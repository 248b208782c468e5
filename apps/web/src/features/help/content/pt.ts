import type { HelpContent } from '../help-content';

const content: HelpContent = {
  updated: '2026-11-22',
  documents: {
    privacyPolicy: {
      intro: [
        'Esta política explica quais informações a Episodic coleta quando você assiste, busca e paga, por que as usamos e quais escolhas você tem. Tentamos deixá-la curta e fácil de entender.',
      ],
      sections: [
        {
          heading: 'O que coletamos',
          blocks: [
            [
              'Dados da conta: seu e-mail e sua senha, que guardamos apenas em formato criptografado. Se você entrar com o Facebook, o Facebook compartilha conosco seu nome e seu e-mail.',
              'O que você assiste: as séries e os episódios que você reproduz, onde parou, sua lista e, quando está conectado, suas buscas recentes.',
              'Compras: seu plano, as datas de renovação, seu saldo de moedas e os episódios desbloqueados. Dos cartões, guardamos só a bandeira, os quatro últimos dígitos e a validade, além de uma referência do nosso provedor de pagamento. Nunca guardamos o número completo nem o código de segurança.',
              'Dados do dispositivo e de uso: o idioma da interface, o tipo de navegador e de aparelho, uma localização aproximada a partir do seu endereço IP e dados técnicos quando algo dá errado.',
              'Identificadores de publicidade: se você chegar por um anúncio, o identificador de clique do link (como fbclid ou ttclid), para que a visita seja atribuída à campanha certa.',
            ],
          ],
        },
        {
          heading: 'Assistir sem conta',
          blocks: [
            'Você pode assistir sem criar uma conta. Nesse caso, mantemos uma sessão de visitante para o seu aparelho, e suas buscas recentes ficam no seu navegador. Se você se cadastrar depois, sua lista, seu histórico e suas compras passam para a nova conta.',
          ],
        },
        {
          heading: 'Como usamos',
          blocks: [
            [
              'Para oferecer o serviço: reproduzir episódios, lembrar onde você parou, guardar sua lista e seus episódios desbloqueados.',
              'Para processar pagamentos, renovar a assinatura que você escolheu e enviar os e-mails relacionados, incluindo o e-mail de renovação com o link para cancelar.',
              'Para manter a Episodic segura e funcionando: evitar fraudes e abusos, encontrar e corrigir erros.',
              'Para medir nossa publicidade e decidir quais séries oferecer.',
            ],
            'Não vendemos suas informações pessoais.',
          ],
        },
        {
          heading: 'Cookies, armazenamento e pixels',
          blocks: [
            'Um cookie mantém você conectado, e o armazenamento do navegador guarda seu idioma e os identificadores citados acima. Dependendo das nossas configurações, as páginas também podem carregar pixels de medição da Meta (Facebook), do Google Analytics, do TikTok e do Bigo, que recebem eventos como uma visualização de página, uma busca ou uma compra. Você pode bloqueá-los nas configurações de privacidade do navegador ou com um bloqueador de conteúdo; a Episodic continua funcionando.',
          ],
        },
        {
          heading: 'Com quem compartilhamos',
          blocks: [
            [
              'Com nosso provedor de pagamento, para processar pagamentos e reembolsos.',
              'Com empresas que hospedam o serviço, enviam nossos e-mails ou nos avisam de erros, sob contratos que limitam o uso dos dados.',
              'Com parceiros de publicidade e análise, apenas quanto aos eventos descritos acima.',
              'Com autoridades, quando a lei exigir.',
            ],
          ],
        },
        {
          heading: 'Por quanto tempo guardamos',
          blocks: [
            'Guardamos os dados da sua conta enquanto ela existir. Os registros de pagamento são mantidos pelo tempo que as regras fiscais e contábeis exigem. Sessões de visitante que deixam de ser usadas expiram.',
          ],
        },
        {
          heading: 'Suas escolhas e seus direitos',
          blocks: [
            'Na aba [Eu](/my) você pode baixar uma cópia dos seus dados e excluir sua conta. Também pode nos pedir para corrigir ou apagar informações, ou se opor ao uso delas, pelo [formulário de contato](/contactUs). Dependendo de onde você mora, também pode reclamar à autoridade de proteção de dados (no Brasil, a ANPD).',
          ],
        },
        {
          heading: 'Crianças',
          blocks: [
            'A Episodic não é destinada a menores de 13 anos, e não coletamos conscientemente informações deles.',
          ],
        },
        {
          heading: 'Mudanças nesta política',
          blocks: [
            'Se mudarmos esta política de forma relevante, avisaremos no app ou por e-mail antes que a mudança entre em vigor.',
          ],
        },
      ],
    },
    refundPolicy: {
      intro: [
        'Pagar pela Episodic deve ser simples e justo. Esta política explica como funcionam as assinaturas e as moedas, como cancelar e quando você pode receber seu dinheiro de volta.',
      ],
      sections: [
        {
          heading: 'As assinaturas são renovadas automaticamente',
          blocks: [
            'Uma assinatura pode ser semanal (7 dias), mensal (30 dias) ou anual (365 dias). Ao fim de cada período, ela é renovada automaticamente pelo mesmo prazo, pelo preço exibido quando você assinou, até que você cancele.',
            'Todo e-mail de renovação traz um link para cancelar.',
          ],
        },
        {
          heading: 'Cancele com um toque',
          blocks: [
            [
              'Abra a aba [Eu](/my) e cancele sua assinatura por lá.',
              'Ou use o link de cancelamento de qualquer e-mail de renovação, sem precisar entrar na conta.',
            ],
            'O cancelamento interrompe a próxima renovação. Você mantém o acesso até o fim do período já pago e não será cobrado de novo.',
          ],
        },
        {
          heading: 'Reembolso de renovações por engano',
          blocks: [
            'Se sua assinatura foi renovada sem que você quisesse, peça o reembolso em até 7 dias após a cobrança pelo [formulário de contato](/contactUs). Devolvemos o valor dessa renovação no cartão em que foi cobrado e encerramos a assinatura.',
            'Depois de 7 dias a renovação não é reembolsada, mas você ainda pode cancelar para que ela não se repita.',
          ],
        },
        {
          heading: 'Moedas',
          blocks: [
            'As moedas servem para desbloquear episódios. As que você comprou e ainda não usou continuam no seu saldo. Moedas já gastas não são reembolsáveis, a não ser que o erro tenha sido nosso, por exemplo:',
            [
              'você foi cobrado duas vezes pela mesma compra;',
              'as moedas foram descontadas, mas o episódio não foi desbloqueado;',
              'um episódio desbloqueado não reproduz e não conseguimos resolver.',
            ],
            'Nesses casos, devolvemos as moedas ou reembolsamos o pagamento.',
          ],
        },
        {
          heading: 'Como o reembolso é feito',
          blocks: [
            'O reembolso volta para o cartão usado no pagamento. Dependendo do banco, costuma aparecer em 5 a 10 dias úteis.',
          ],
        },
        {
          heading: 'Seus direitos legais',
          blocks: [
            'Esta política não limita os direitos que a legislação de defesa do consumidor do seu país garante a você.',
          ],
        },
      ],
    },
    serviceAgreement: {
      intro: [
        'Este contrato é entre você e a Episodic. Ao usar o serviço, você o aceita. Leia-o junto com nossa [Política de privacidade](/privacyPolicy), nossa [Política de reembolso](/refundPolicy) e nossa [Política de conteúdo](/contentPolicy).',
      ],
      sections: [
        {
          heading: 'O serviço',
          blocks: [
            'A Episodic permite assistir a séries curtas de drama no celular ou no computador. Os primeiros episódios de cada série são grátis. Os seguintes são desbloqueados com moedas ou estão incluídos em uma assinatura. O catálogo muda com o tempo, e uma série pode sair do serviço quando nossa licença terminar.',
          ],
        },
        {
          heading: 'Sua conta',
          blocks: [
            [
              'Você pode assistir como visitante ou criar uma conta com e-mail e senha, ou com o Facebook.',
              'Não compartilhe sua senha. Você é responsável pelo que acontece na sua conta.',
              'É preciso ter pelo menos 18 anos para comprar uma assinatura ou moedas, ou ter a autorização dos pais ou responsáveis.',
            ],
          ],
        },
        {
          heading: 'Assinaturas',
          blocks: [
            'Uma assinatura dá acesso a todos os episódios durante o período contratado: 7 dias (semanal), 30 dias (mensal) ou 365 dias (anual). Ela é renovada automaticamente pelo mesmo período, pelo preço exibido na contratação, até que você cancele.',
            'Você pode cancelar a qualquer momento, com um toque, na aba [Eu](/my) ou pelo link de qualquer e-mail de renovação. O cancelamento interrompe a próxima renovação, e você mantém o acesso até o fim do período pago. Se um preço mudar, avisaremos antes que ele se aplique à sua próxima renovação.',
          ],
        },
        {
          heading: 'Moedas',
          blocks: [
            'As moedas são compradas em pacotes e usadas para desbloquear episódios avulsos. Um episódio desbloqueado continua desbloqueado na sua conta. As moedas não têm valor em dinheiro, não podem ser transferidas e só são reembolsadas nos casos previstos na [Política de reembolso](/refundPolicy).',
          ],
        },
        {
          heading: 'Pagamentos',
          blocks: [
            'Você paga com cartão de crédito, débito ou pré-pago por meio do nosso provedor de pagamento. Nunca guardamos o número completo do cartão nem o código de segurança, só a bandeira, os quatro últimos dígitos e a validade. Salvo indicação em contrário, os preços incluem os impostos aplicáveis no seu país.',
          ],
        },
        {
          heading: 'Uso adequado',
          blocks: [
            [
              'Use o serviço para fins pessoais e não comerciais.',
              'Não copie, grave, baixe ou redistribua os vídeos, nem tente burlar bloqueios ou outras proteções.',
              'Não revenda o acesso, não compartilhe sua conta fora da sua casa e não use robôs ou scripts.',
              'Não prejudique o serviço nem outros espectadores.',
            ],
            'Podemos suspender ou encerrar contas que violem estas regras. Se encerrarmos sua conta sem um bom motivo, reembolsaremos a parte não usada da assinatura paga e suas moedas não gastas.',
          ],
        },
        {
          heading: 'Conteúdo',
          blocks: [
            'Os vídeos, imagens e textos da Episodic pertencem a nós ou aos nossos licenciadores. A [Política de conteúdo](/contentPolicy) explica o que as séries podem conter e como relatar um problema.',
          ],
        },
        {
          heading: 'Disponibilidade',
          blocks: [
            'Trabalhamos para que a Episodic funcione bem, mas não podemos garantir que ela esteja sempre disponível ou livre de erros. Podemos alterar ou remover recursos. Se encerrarmos o serviço por completo, reembolsaremos a parte não usada das assinaturas pagas e as moedas não gastas.',
          ],
        },
        {
          heading: 'Fim do contrato',
          blocks: [
            'Você pode parar de usar a Episodic quando quiser e excluir sua conta na aba [Eu](/my). Excluir a conta também cancela sua assinatura.',
          ],
        },
        {
          heading: 'Responsabilidade',
          blocks: [
            'Nada neste contrato limita uma responsabilidade que a lei não permita limitar. Fora isso, não respondemos por perdas indiretas, e nossa responsabilidade total perante você se limita ao que você nos pagou nos 12 meses anteriores à reclamação.',
          ],
        },
        {
          heading: 'Mudanças e dúvidas',
          blocks: [
            'Podemos atualizar este contrato. Se uma mudança afetar você, avisaremos com antecedência e, se você não concordar, poderá cancelar antes que ela entre em vigor. Dúvidas? Fale com a gente pelo [formulário de contato](/contactUs).',
          ],
        },
      ],
    },
    contentPolicy: {
      intro: [
        'A Episodic publica séries curtas de drama para adolescentes e adultos. Esta política explica o que nossas séries podem conter, o que não publicamos e como nos avisar sobre um problema. Usar o serviço também significa aceitar estas condições de uso.',
      ],
      sections: [
        {
          heading: 'O que você vai encontrar',
          blocks: [
            'Nossas séries são ficção: romance, vingança, dramas de família, fantasia e muito mais. As histórias podem tratar de temas adultos como conflitos, traições, violência leve ou cenas românticas. Quando uma série tem conteúdo mais forte, a descrição avisa.',
          ],
        },
        {
          heading: 'O que não publicamos',
          blocks: [
            [
              'Conteúdo sexual envolvendo menores, de qualquer forma.',
              'Conteúdo sexual explícito.',
              'Conteúdo que incentive ódio ou violência contra pessoas por causa de quem elas são.',
              'Instruções realistas para cometer crimes graves ou se machucar.',
              'Conteúdo que viole direitos de terceiros ou use a imagem de uma pessoa real sem consentimento.',
            ],
          ],
        },
        {
          heading: 'Idade',
          blocks: [
            'A Episodic é destinada a espectadores a partir de 13 anos. Algumas séries são apropriadas apenas para adultos, por isso vale os pais acompanharem o que os filhos assistem.',
          ],
        },
        {
          heading: 'Idiomas e legendas',
          blocks: [
            'As séries são oferecidas em vários idiomas. Buscamos traduções fiéis; se um título ou uma legenda estiver errado ou for ofensivo, avise-nos.',
          ],
        },
        {
          heading: 'Como relatar um problema',
          blocks: [
            'Se você acha que uma série viola esta política ou seus direitos, escreva pelo [formulário de contato](/contactUs) informando o título da série e o número do episódio. Analisamos todos os relatos e, quando necessário, removemos o episódio ou a série. Se você é titular dos direitos de algo exibido na Episodic, envie uma comprovação para que possamos agir rápido.',
          ],
        },
        {
          heading: 'Nossas decisões',
          blocks: [
            'Podemos remover conteúdos ou restringi-los em alguns países. Se você gastou moedas em um episódio que removemos, devolvemos essas moedas.',
          ],
        },
      ],
    },
  },
  faq: [
    {
      question: 'A Episodic é grátis?',
      answer: [
        'Os primeiros episódios de cada série são grátis, e você não precisa de conta para assistir. Para continuar uma série, desbloqueie episódios com moedas ou faça uma assinatura que inclui todos os episódios.',
      ],
    },
    {
      question: 'Qual a diferença entre moedas e assinatura?',
      answer: [
        'As moedas desbloqueiam episódios avulsos, e um episódio desbloqueado continua disponível para você. A assinatura (semanal, mensal ou anual) dá acesso a todos os episódios enquanto estiver ativa.',
      ],
    },
    {
      question: 'Como minha assinatura é renovada?',
      answer: [
        'Ela é renovada automaticamente no fim de cada período, a cada 7, 30 ou 365 dias conforme o seu plano, até que você cancele. Todo e-mail de renovação traz um link para cancelar.',
      ],
    },
    {
      question: 'Como cancelo minha assinatura?',
      answer: [
        'Abra a aba [Eu](/my) e cancele com um toque, ou use o link de cancelamento de qualquer e-mail de renovação. A assinatura deixa de ser renovada, e você mantém o acesso até o fim do período pago.',
      ],
    },
    {
      question: 'Fui cobrado por uma renovação que eu não queria. Posso ter o dinheiro de volta?',
      answer: [
        'Sim, se você pedir em até 7 dias após a cobrança. Escreva pelo [formulário de contato](/contactUs) informando a data da cobrança e os quatro últimos dígitos do cartão. Os detalhes estão na [Política de reembolso](/refundPolicy).',
      ],
    },
    {
      question: 'Posso recuperar minhas moedas?',
      answer: [
        'Moedas gastas não são reembolsáveis, a não ser que algo tenha dado errado do nosso lado: por exemplo, uma cobrança em dobro ou um episódio desbloqueado que não reproduz. Avise-nos e resolveremos.',
      ],
    },
    {
      question: 'Preciso de uma conta?',
      answer: [
        'Não. Como visitante, você pode assistir, montar sua lista e desbloquear episódios neste aparelho. Crie uma conta para não perder nada ao trocar de celular ou de navegador: sua lista, seu histórico e suas compras passam para ela.',
      ],
    },
    {
      question: 'Os dados do meu cartão estão seguros?',
      answer: [
        'Os pagamentos com cartão passam pelo nosso provedor de pagamento. Nunca guardamos o número completo do cartão nem o código de segurança, só a bandeira, os quatro últimos dígitos e a validade.',
      ],
    },
    {
      question: 'Um episódio não reproduz. O que eu faço?',
      answer: [
        [
          'Verifique sua conexão e tente de novo.',
          'Atualize o navegador ou experimente outro.',
          'Se o episódio estiver bloqueado, desbloqueie-o ou confira na aba [Eu](/my) se sua assinatura está ativa.',
        ],
        'Ainda com problema? [Fale com a gente](/contactUs) informando o título da série e o número do episódio.',
      ],
    },
    {
      question: 'Como mudo o idioma?',
      answer: ['Use o seletor de idioma no topo da tela. Sua escolha fica salva neste aparelho.'],
    },
    {
      question: 'Como excluo minha conta?',
      answer: [
        'Você pode excluir sua conta na aba [Eu](/my). Isso também cancela sua assinatura, e as moedas não gastas são perdidas, então use-as antes.',
      ],
    },
  ],
};

export default content;
