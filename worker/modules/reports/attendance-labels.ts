import type { Language } from '../../lib/languages';

/** The attendance reports' own words, in the three languages (the caller's: a download reads as its screen does). */
const WORDS = {
  studentsTitle: {
    en: 'Students monthly attendance',
    hi: 'विद्यार्थियों की मासिक उपस्थिति',
    ar: 'الحضور الشهري للطلاب',
  },
  staffTitle: { en: 'Staff monthly attendance', hi: 'कर्मचारियों की मासिक उपस्थिति', ar: 'الحضور الشهري للموظفين' },
  schoolTitle: { en: 'School monthly attendance', hi: 'विद्यालय की मासिक उपस्थिति', ar: 'الحضور الشهري للمدرسة' },
  class: { en: 'Class', hi: 'कक्षा', ar: 'الصف' },
  roll: { en: 'Roll', hi: 'रोल', ar: 'الرقم' },
  name: { en: 'Name', hi: 'नाम', ar: 'الاسم' },
  role: { en: 'Role', hi: 'भूमिका', ar: 'الوظيفة' },
  teacher: { en: 'Teacher', hi: 'शिक्षक', ar: 'معلم' },
  present: { en: 'Present', hi: 'उपस्थित', ar: 'حاضر' },
  absent: { en: 'Absent', hi: 'अनुपस्थित', ar: 'غائب' },
  late: { en: 'Late', hi: 'देर से', ar: 'متأخر' },
  excused: { en: 'Excused', hi: 'अनुमति से', ar: 'بعذر' },
  halfDay: { en: 'Half day', hi: 'आधा दिन', ar: 'نصف يوم' },
  percent: { en: '%', hi: '%', ar: '%' },
  presentEachDay: { en: 'Present each day', hi: 'प्रतिदिन उपस्थित', ar: 'الحاضرون كل يوم' },
  schoolDays: { en: 'school days', hi: 'विद्यालय दिवस', ar: 'أيام دراسية' },
  studentsLegend: {
    en: 'P present · A absent · L late · E excused · H holiday · – weekend',
    hi: 'P उपस्थित · A अनुपस्थित · L देर से · E अनुमति से · H अवकाश · – सप्ताहांत',
    ar: 'P حاضر · A غائب · L متأخر · E بعذر · H عطلة · – عطلة نهاية الأسبوع',
  },
  staffLegend: {
    en: 'P present · A absent · L late · HD half day · H holiday · – weekend',
    hi: 'P उपस्थित · A अनुपस्थित · L देर से · HD आधा दिन · H अवकाश · – सप्ताहांत',
    ar: 'P حاضر · A غائب · L متأخر · HD نصف يوم · H عطلة · – عطلة نهاية الأسبوع',
  },
  date: { en: 'Date', hi: 'तारीख', ar: 'التاريخ' },
  subjectsMarked: { en: 'Periods marked', hi: 'चिह्नित कालांश', ar: 'الحصص المسجلة' },
  dayMark: { en: 'Day', hi: 'दिन', ar: 'اليوم' },
} as const satisfies Record<string, Record<Language, string>>;

export type Word = keyof typeof WORDS;
export const wordsIn = (language: Language) => (word: Word) => WORDS[word][language];

/** "November 2026" in the language (the Gregorian calendar, Latin digits as the rest of the report). */
export function monthName(month: string, language: Language): string {
  const [year, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(`${language}-u-nu-latn`, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, m - 1, 1),
  );
}
