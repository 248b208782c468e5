import type { HelpContent } from '../help-content';

// German text (the product's code for German is `dy`).
const content: HelpContent = {
  updated: '2026-11-22',
  documents: {
    privacyPolicy: {
      intro: [
        'Diese Datenschutzerklärung beschreibt, welche Daten Episodic erhebt, wenn du Serien ansiehst, suchst und bezahlst, wofür wir sie nutzen und welche Wahl du hast. Wir haben versucht, sie kurz und verständlich zu halten.',
      ],
      sections: [
        {
          heading: 'Welche Daten wir erheben',
          blocks: [
            [
              'Kontodaten: deine E-Mail-Adresse und dein Passwort, das wir nur als Hash speichern. Wenn du dich mit Facebook anmeldest, übermittelt uns Facebook deinen Namen und deine E-Mail-Adresse.',
              'Was du ansiehst: die Serien und Folgen, die du abspielst, wo du aufgehört hast, deine Liste und – wenn du angemeldet bist – deine letzten Suchen.',
              'Käufe: dein Tarif, die Verlängerungstermine, dein Münzguthaben und die freigeschalteten Folgen. Von Karten speichern wir nur die Marke, die letzten vier Ziffern und das Ablaufdatum sowie eine Referenz unseres Zahlungsdienstleisters. Die vollständige Kartennummer und den Sicherheitscode speichern wir nie.',
              'Geräte- und Nutzungsdaten: die Sprache der Oberfläche, Browser- und Gerätetyp, einen ungefähren Standort anhand deiner IP-Adresse und technische Daten, wenn etwas schiefgeht.',
              'Werbekennungen: Kommst du über eine Anzeige, die Klick-ID im Link (etwa fbclid oder ttclid), damit dein Besuch der richtigen Kampagne zugeordnet werden kann.',
            ],
          ],
        },
        {
          heading: 'Ohne Konto ansehen',
          blocks: [
            'Du kannst Serien ansehen, ohne ein Konto anzulegen. Dann führen wir eine Gastsitzung für dein Gerät, und deine letzten Suchen bleiben in deinem Browser. Registrierst du dich später, werden deine Liste, dein Verlauf und deine Käufe in dein neues Konto übernommen.',
          ],
        },
        {
          heading: 'Wofür wir die Daten nutzen',
          blocks: [
            [
              'Um den Dienst zu erbringen: Folgen abspielen, merken, wo du aufgehört hast, deine Liste und deine freigeschalteten Folgen bewahren.',
              'Um Zahlungen abzuwickeln, die von dir gewählte Mitgliedschaft zu verlängern und dir die zugehörigen E-Mails zu schicken – einschließlich der Verlängerungs-E-Mail mit dem Kündigungslink.',
              'Um Episodic sicher und funktionsfähig zu halten: Betrug und Missbrauch verhindern, Fehler finden und beheben.',
              'Um unsere Werbung zu messen und zu entscheiden, welche Serien wir anbieten.',
            ],
            'Wir verkaufen deine personenbezogenen Daten nicht.',
          ],
        },
        {
          heading: 'Cookies, Speicher und Pixel',
          blocks: [
            'Ein Cookie hält dich angemeldet, und der Speicher deines Browsers merkt sich deine Sprache und die oben genannten Kennungen. Je nach unseren Einstellungen laden die Seiten außerdem Messpixel von Meta (Facebook), Google Analytics, TikTok und Bigo, die Ereignisse wie einen Seitenaufruf, eine Suche oder einen Kauf erhalten. Du kannst sie über die Datenschutzeinstellungen deines Browsers oder einen Inhaltsblocker sperren; Episodic funktioniert trotzdem.',
          ],
        },
        {
          heading: 'An wen wir Daten weitergeben',
          blocks: [
            [
              'An unseren Zahlungsdienstleister, um Zahlungen und Erstattungen abzuwickeln.',
              'An Unternehmen, die den Dienst hosten, unsere E-Mails versenden oder uns Fehler melden – auf Grundlage von Verträgen, die die Nutzung der Daten begrenzen.',
              'An Werbe- und Analysepartner, beschränkt auf die oben beschriebenen Ereignisse.',
              'An Behörden, wenn das Gesetz es verlangt.',
            ],
          ],
        },
        {
          heading: 'Wie lange wir Daten speichern',
          blocks: [
            'Kontodaten speichern wir, solange dein Konto besteht. Zahlungsbelege bewahren wir so lange auf, wie steuer- und handelsrechtliche Vorschriften es verlangen. Nicht mehr genutzte Gastsitzungen laufen ab.',
          ],
        },
        {
          heading: 'Deine Wahl und deine Rechte',
          blocks: [
            'Im Bereich [Ich](/my) kannst du eine Kopie deiner Daten herunterladen und dein Konto löschen. Über das [Kontaktformular](/contactUs) kannst du uns außerdem bitten, Angaben zu berichtigen oder zu löschen, oder der Nutzung widersprechen. Du hast zudem das Recht, dich bei einer Datenschutzaufsichtsbehörde zu beschweren.',
          ],
        },
        {
          heading: 'Kinder',
          blocks: [
            'Episodic richtet sich nicht an Kinder unter 13 Jahren, und wir erheben wissentlich keine Daten von ihnen.',
          ],
        },
        {
          heading: 'Änderungen dieser Erklärung',
          blocks: ['Ändern wir diese Erklärung wesentlich, informieren wir dich vorher in der App oder per E-Mail.'],
        },
      ],
    },
    refundPolicy: {
      intro: [
        'Bezahlen bei Episodic soll einfach und fair sein. Diese Richtlinie erklärt, wie Mitgliedschaften und Münzen funktionieren, wie du kündigst und wann du dein Geld zurückbekommst.',
      ],
      sections: [
        {
          heading: 'Mitgliedschaften verlängern sich automatisch',
          blocks: [
            'Eine Mitgliedschaft gilt wöchentlich (7 Tage), monatlich (30 Tage) oder jährlich (365 Tage). Am Ende jedes Zeitraums verlängert sie sich automatisch um dieselbe Dauer zum Preis, der beim Abschluss angezeigt wurde – bis du kündigst.',
            'Jede Verlängerungs-E-Mail enthält einen Link zum Kündigen.',
          ],
        },
        {
          heading: 'Mit einem Tipp kündigen',
          blocks: [
            [
              'Öffne [Ich](/my) und kündige dort deine Mitgliedschaft.',
              'Oder nutze den Kündigungslink in einer beliebigen Verlängerungs-E-Mail – ganz ohne Anmeldung.',
            ],
            'Die Kündigung stoppt die nächste Verlängerung. Du behältst den Zugang bis zum Ende des bereits bezahlten Zeitraums, und es wird nichts mehr abgebucht.',
          ],
        },
        {
          heading: 'Erstattung versehentlicher Verlängerungen',
          blocks: [
            'Hat sich deine Mitgliedschaft verlängert, obwohl du das nicht wolltest, kannst du innerhalb von 7 Tagen nach der Abbuchung über das [Kontaktformular](/contactUs) eine Erstattung verlangen. Wir erstatten diese Verlängerung auf die belastete Karte und beenden die Mitgliedschaft.',
            'Nach 7 Tagen wird eine Verlängerung nicht mehr erstattet, du kannst aber kündigen, damit sie sich nicht erneut verlängert.',
          ],
        },
        {
          heading: 'Münzen',
          blocks: [
            'Mit Münzen schaltest du Folgen frei. Gekaufte, noch nicht ausgegebene Münzen bleiben in deinem Guthaben. Bereits ausgegebene Münzen werden nicht erstattet, es sei denn, der Fehler liegt bei uns, zum Beispiel:',
            [
              'derselbe Kauf wurde doppelt abgebucht;',
              'Münzen wurden abgezogen, die Folge aber nicht freigeschaltet;',
              'eine freigeschaltete Folge lässt sich nicht abspielen und wir können das Problem nicht beheben.',
            ],
            'In diesen Fällen bekommst du die Münzen zurück oder wir erstatten die Zahlung.',
          ],
        },
        {
          heading: 'Wie erstattet wird',
          blocks: [
            'Erstattungen gehen auf die Karte, mit der du bezahlt hast. Je nach Bank erscheinen sie meist innerhalb von 5 bis 10 Werktagen.',
          ],
        },
        {
          heading: 'Deine gesetzlichen Rechte',
          blocks: ['Diese Richtlinie schränkt keine Rechte ein, die dir das Verbraucherrecht deines Landes gibt.'],
        },
      ],
    },
    serviceAgreement: {
      intro: [
        'Dieser Vertrag gilt zwischen dir und Episodic. Mit der Nutzung des Dienstes stimmst du ihm zu. Bitte lies ihn zusammen mit unserer [Datenschutzerklärung](/privacyPolicy), unserer [Erstattungsrichtlinie](/refundPolicy) und unserer [Inhaltsrichtlinie](/contentPolicy).',
      ],
      sections: [
        {
          heading: 'Der Dienst',
          blocks: [
            'Mit Episodic siehst du kurze Drama-Serien auf dem Handy oder am Computer. Die ersten Folgen jeder Serie sind kostenlos. Weitere Folgen schaltest du mit Münzen frei, oder sie sind in einer Mitgliedschaft enthalten. Das Angebot ändert sich mit der Zeit, und eine Serie kann verschwinden, wenn unsere Lizenz dafür endet.',
          ],
        },
        {
          heading: 'Dein Konto',
          blocks: [
            [
              'Du kannst als Gast zusehen oder ein Konto mit E-Mail-Adresse und Passwort oder mit Facebook anlegen.',
              'Behalte dein Passwort für dich. Du bist für alles verantwortlich, was in deinem Konto geschieht.',
              'Für den Kauf einer Mitgliedschaft oder von Münzen musst du mindestens 18 Jahre alt sein oder die Erlaubnis eines Elternteils oder Vormunds haben.',
            ],
          ],
        },
        {
          heading: 'Mitgliedschaften',
          blocks: [
            'Eine Mitgliedschaft gibt dir für ihre Laufzeit Zugang zu allen Folgen: 7 Tage (wöchentlich), 30 Tage (monatlich) oder 365 Tage (jährlich). Sie verlängert sich automatisch um denselben Zeitraum zum Preis, der beim Abschluss angezeigt wurde, bis du kündigst.',
            'Du kannst jederzeit mit einem Tipp kündigen – unter [Ich](/my) oder über den Link in jeder Verlängerungs-E-Mail. Die Kündigung stoppt die nächste Verlängerung, und du behältst den Zugang bis zum Ende des bezahlten Zeitraums. Ändert sich ein Preis, sagen wir dir das, bevor er für deine nächste Verlängerung gilt.',
          ],
        },
        {
          heading: 'Münzen',
          blocks: [
            'Münzen kaufst du in Paketen und schaltest damit einzelne Folgen frei. Eine freigeschaltete Folge bleibt für dein Konto freigeschaltet. Münzen haben keinen Geldwert, sind nicht übertragbar und werden nur so erstattet, wie es die [Erstattungsrichtlinie](/refundPolicy) beschreibt.',
          ],
        },
        {
          heading: 'Zahlungen',
          blocks: [
            'Du bezahlst mit Kredit-, Debit- oder Prepaidkarte über unseren Zahlungsdienstleister. Die vollständige Kartennummer und den Sicherheitscode speichern wir nie, nur die Marke, die letzten vier Ziffern und das Ablaufdatum. Sofern nicht anders angegeben, enthalten die Preise die in deinem Land geltenden Steuern.',
          ],
        },
        {
          heading: 'Faire Nutzung',
          blocks: [
            [
              'Nutze den Dienst nur privat und nicht gewerblich.',
              'Kopiere, speichere, lade oder verbreite keine Videos, und versuche nicht, Sperren oder andere Schutzmaßnahmen zu umgehen.',
              'Verkaufe keinen Zugang weiter, teile dein Konto nicht außerhalb deines Haushalts und setze keine Bots oder Skripte ein.',
              'Störe weder den Dienst noch andere Zuschauer.',
            ],
            'Wir können Konten sperren oder schließen, die gegen diese Regeln verstoßen. Schließen wir dein Konto ohne triftigen Grund, erstatten wir den ungenutzten Teil einer bezahlten Mitgliedschaft und deine nicht ausgegebenen Münzen.',
          ],
        },
        {
          heading: 'Inhalte',
          blocks: [
            'Videos, Bilder und Texte auf Episodic gehören uns oder unseren Lizenzgebern. Die [Inhaltsrichtlinie](/contentPolicy) erklärt, was die Serien enthalten können und wie du ein Problem meldest.',
          ],
        },
        {
          heading: 'Verfügbarkeit',
          blocks: [
            'Wir setzen alles daran, dass Episodic reibungslos läuft, können aber nicht versprechen, dass der Dienst immer verfügbar und fehlerfrei ist. Wir können Funktionen ändern oder entfernen. Stellen wir den Dienst ganz ein, erstatten wir den ungenutzten Teil bezahlter Mitgliedschaften und nicht ausgegebene Münzen.',
          ],
        },
        {
          heading: 'Vertragsende',
          blocks: [
            'Du kannst Episodic jederzeit verlassen und dein Konto unter [Ich](/my) löschen. Mit dem Löschen des Kontos wird auch deine Mitgliedschaft gekündigt.',
          ],
        },
        {
          heading: 'Haftung',
          blocks: [
            'Nichts in diesem Vertrag beschränkt eine Haftung, die gesetzlich nicht beschränkt werden darf. Im Übrigen haften wir nicht für mittelbare Schäden, und unsere Gesamthaftung dir gegenüber ist auf den Betrag begrenzt, den du uns in den 12 Monaten vor dem Anspruch gezahlt hast.',
          ],
        },
        {
          heading: 'Änderungen und Fragen',
          blocks: [
            'Wir können diesen Vertrag anpassen. Betrifft dich eine Änderung, informieren wir dich vorab; bist du nicht einverstanden, kannst du kündigen, bevor sie gilt. Fragen beantworten wir gern – schreib uns über das [Kontaktformular](/contactUs).',
          ],
        },
      ],
    },
    contentPolicy: {
      intro: [
        'Episodic veröffentlicht kurze Drama-Serien für Jugendliche und Erwachsene. Diese Richtlinie erklärt, was unsere Serien enthalten können, was wir nicht veröffentlichen und wie du uns ein Problem meldest. Mit der Nutzung des Dienstes akzeptierst du auch diese Nutzungsbedingungen.',
      ],
      sections: [
        {
          heading: 'Was dich erwartet',
          blocks: [
            'Unsere Serien sind Fiktion: Romantik, Rache, Familiendramen, Fantasy und mehr. Die Geschichten können erwachsene Themen wie Konflikte, Verrat, leichte Gewalt oder romantische Szenen behandeln. Enthält eine Serie deutlichere Inhalte, steht das in ihrer Beschreibung.',
          ],
        },
        {
          heading: 'Was wir nicht veröffentlichen',
          blocks: [
            [
              'Sexuelle Inhalte mit Minderjährigen, in jeder Form.',
              'Explizite sexuelle Inhalte.',
              'Inhalte, die zu Hass oder Gewalt gegen Menschen aufgrund ihrer Identität aufrufen.',
              'Realistische Anleitungen zu schweren Straftaten oder zur Selbstverletzung.',
              'Inhalte, die Rechte anderer verletzen oder das Bild einer realen Person ohne Einwilligung verwenden.',
            ],
          ],
        },
        {
          heading: 'Alter',
          blocks: [
            'Episodic richtet sich an Zuschauer ab 13 Jahren. Manche Serien eignen sich nur für Erwachsene – Eltern sollten deshalb im Blick behalten, was ihre Kinder ansehen.',
          ],
        },
        {
          heading: 'Sprachen und Untertitel',
          blocks: [
            'Die Serien gibt es in mehreren Sprachen. Wir bemühen uns um genaue Übersetzungen; ist ein Titel oder Untertitel falsch oder anstößig, sag uns bitte Bescheid.',
          ],
        },
        {
          heading: 'Ein Problem melden',
          blocks: [
            'Verstößt eine Serie deiner Meinung nach gegen diese Richtlinie oder deine Rechte, schreib uns über das [Kontaktformular](/contactUs) und nenne den Serientitel und die Folgennummer. Wir prüfen jede Meldung und entfernen bei Bedarf die Folge oder die Serie. Besitzt du die Rechte an etwas, das auf Episodic gezeigt wird, füge bitte einen Nachweis bei, damit wir schnell handeln können.',
          ],
        },
        {
          heading: 'Unsere Entscheidungen',
          blocks: [
            'Wir können Inhalte entfernen oder in einzelnen Ländern einschränken. Hast du für eine entfernte Folge Münzen ausgegeben, bekommst du sie zurück.',
          ],
        },
      ],
    },
  },
  faq: [
    {
      question: 'Ist Episodic kostenlos?',
      answer: [
        'Die ersten Folgen jeder Serie sind kostenlos, und du brauchst dafür kein Konto. Um eine Serie weiterzusehen, schaltest du Folgen mit Münzen frei oder schließt eine Mitgliedschaft ab, die alle Folgen enthält.',
      ],
    },
    {
      question: 'Was ist der Unterschied zwischen Münzen und einer Mitgliedschaft?',
      answer: [
        'Mit Münzen schaltest du einzelne Folgen frei, und eine freigeschaltete Folge bleibt dir erhalten. Eine Mitgliedschaft (wöchentlich, monatlich oder jährlich) gibt dir Zugang zu allen Folgen, solange sie läuft.',
      ],
    },
    {
      question: 'Wie verlängert sich meine Mitgliedschaft?',
      answer: [
        'Sie verlängert sich automatisch am Ende jedes Zeitraums – je nach Tarif alle 7, 30 oder 365 Tage –, bis du kündigst. Jede Verlängerungs-E-Mail enthält einen Kündigungslink.',
      ],
    },
    {
      question: 'Wie kündige ich meine Mitgliedschaft?',
      answer: [
        'Öffne [Ich](/my) und kündige mit einem Tipp, oder nutze den Kündigungslink in einer beliebigen Verlängerungs-E-Mail. Die Mitgliedschaft verlängert sich dann nicht mehr, und du behältst den Zugang bis zum Ende des bezahlten Zeitraums.',
      ],
    },
    {
      question: 'Mir wurde eine ungewollte Verlängerung berechnet. Bekomme ich mein Geld zurück?',
      answer: [
        'Ja, wenn du dich innerhalb von 7 Tagen nach der Abbuchung meldest. Schreib uns über das [Kontaktformular](/contactUs) mit dem Datum der Abbuchung und den letzten vier Ziffern der Karte. Die Einzelheiten stehen in der [Erstattungsrichtlinie](/refundPolicy).',
      ],
    },
    {
      question: 'Bekomme ich meine Münzen zurück?',
      answer: [
        'Ausgegebene Münzen werden nicht erstattet, außer wenn bei uns etwas schiefgelaufen ist – zum Beispiel bei einer doppelten Abbuchung oder wenn sich eine freigeschaltete Folge nicht abspielen lässt. Sag uns Bescheid, dann bringen wir das in Ordnung.',
      ],
    },
    {
      question: 'Brauche ich ein Konto?',
      answer: [
        'Nein. Als Gast kannst du auf diesem Gerät Serien ansehen, eine Liste führen und Folgen freischalten. Mit einem Konto behältst du alles, auch wenn du Handy oder Browser wechselst: Liste, Verlauf und Käufe werden übernommen.',
      ],
    },
    {
      question: 'Sind meine Kartendaten sicher?',
      answer: [
        'Kartenzahlungen laufen über unseren Zahlungsdienstleister. Die vollständige Kartennummer und den Sicherheitscode speichern wir nie, nur die Marke, die letzten vier Ziffern und das Ablaufdatum.',
      ],
    },
    {
      question: 'Eine Folge spielt nicht ab. Was kann ich tun?',
      answer: [
        [
          'Prüfe deine Verbindung und versuch es noch einmal.',
          'Aktualisiere deinen Browser oder probiere einen anderen.',
          'Ist die Folge gesperrt, schalte sie frei oder prüfe unter [Ich](/my), ob deine Mitgliedschaft aktiv ist.',
        ],
        'Klappt es immer noch nicht? [Schreib uns](/contactUs) mit dem Serientitel und der Folgennummer.',
      ],
    },
    {
      question: 'Wie ändere ich die Sprache?',
      answer: ['Nutze die Sprachauswahl oben auf dem Bildschirm. Deine Wahl wird auf diesem Gerät gespeichert.'],
    },
    {
      question: 'Wie lösche ich mein Konto?',
      answer: [
        'Du kannst dein Konto unter [Ich](/my) löschen. Damit wird auch deine Mitgliedschaft gekündigt, und nicht ausgegebene Münzen verfallen – nutze sie also vorher.',
      ],
    },
  ],
};

export default content;
