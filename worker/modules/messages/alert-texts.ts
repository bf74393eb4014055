import type { Language } from '../../lib/languages';
import { translate } from '../../lib/translate';

/** A period the pupil missed: its subject and whether they were absent or late. */
export interface MissedPeriod {
  subject: string;
  late: boolean;
}

const strip = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '');

// Made once per language and isolate: a formatter costs far more to make than to use.
const formats = new Map<Language, { day: Intl.DateTimeFormat; list: Intl.ListFormat }>();
function formatsOf(language: Language) {
  let made = formats.get(language);
  if (!made) {
    const locale = language === 'en' ? 'en-GB' : language;
    made = {
      day: new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
      list: new Intl.ListFormat(locale, { type: 'conjunction' }),
    };
    formats.set(language, made);
  }
  return made;
}

/** The day as a family reads it: 'Thursday 26 November' ('गुरुवार, 26 नवंबर', 'الخميس، 26 نوفمبر'). */
export function alertDay(date: string, language: Language): string {
  return strip(formatsOf(language).day.format(new Date(`${date}T00:00:00Z`)));
}

/**
 * An absence alert's subject and text in the school's language, naming the pupil, the day and the periods missed
 * (in the order they were taken). The same periods give the same text, so an unchanged alert is left as it is.
 */
export function alertTexts(name: string, date: string, missed: MissedPeriod[], language: Language) {
  const day = alertDay(date, language);
  const late = translate('late', language);
  const periods = formatsOf(language).list.format(missed.map((m) => (m.late ? `${m.subject} (${late})` : m.subject)));
  return {
    subject: translate(`Absence alert: ${name}, ${day}`, language),
    body: translate(`${name} missed these periods on ${day}: ${periods}.`, language),
  };
}
