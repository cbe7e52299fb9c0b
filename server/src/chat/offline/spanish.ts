/**
 * The Spanish words people mix into a question ("busco alguien para limpiar en Miami el sábado por
 * la tarde"), written in English before the rules read it: days, parts of the day, bookings and
 * cleaning, asking and paying. Phrases first, then single words; only words that are no English
 * word, so an English sentence reads the same.
 */
const PHRASES: Array<[RegExp, string]> = [
  [/\bpor la mañana\b/gi, 'in the morning'],
  [/\bpor la tarde\b/gi, 'in the afternoon'],
  [/\bpor la noche\b/gi, 'in the evening'],
  [/\besta semana\b/gi, 'this week'],
  [/\bla próxima semana\b|\bla semana que viene\b/gi, 'next week'],
  [/\bfin de semana\b/gi, 'weekend'],
  [/\bpasado mañana\b/gi, 'the day after tomorrow'],
  [/\bbusco (a )?alguien para\b/gi, 'looking for someone to'],
  [/\bquiero ver\b/gi, 'I want to see'],
  [/\bcuánto me cobran\b|\bcuanto me cobran\b/gi, 'how much do you charge'],
  [/\b(mi|la) próxima\b|\b(mi|la) proxima\b/gi, 'my next'],
  [/\bcreo que es\b/gi, 'I think it is'],
];

const WORDS: Record<string, string> = {
  lunes: 'monday',
  martes: 'tuesday',
  miércoles: 'wednesday',
  miercoles: 'wednesday',
  jueves: 'thursday',
  viernes: 'friday',
  sábado: 'saturday',
  sabado: 'saturday',
  domingo: 'sunday',
  hoy: 'today',
  mañana: 'tomorrow',
  limpiar: 'clean',
  limpieza: 'cleaning',
  limpiezas: 'cleanings',
  reserva: 'booking',
  reservas: 'bookings',
  cita: 'appointment',
  citas: 'appointments',
  todas: 'all',
  todos: 'all',
  mis: 'my',
  cancelar: 'cancel',
  cancelada: 'cancelled',
  canceladas: 'cancelled',
  también: 'too',
  porfa: 'please',
  hola: 'hello',
  oye: 'hey',
  gracias: 'thanks',
  cuánto: 'how much',
  precio: 'price',
  alguien: 'someone',
  en: 'in',
};

export function fromSpanish(text: string): string {
  if (
    !/[áéíóúñ¿¡]|\b(hola|porfa|quiero|busco|limpi\w*|reservas?|sábado|sabado|domingo|mañana|cuánto|oye|gracias)\b/i.test(
      text,
    )
  )
    return text;
  let out = text;
  for (const [pattern, english] of PHRASES) out = out.replace(pattern, english);
  return out.replace(/[A-Za-zÁÉÍÓÚáéíóúÑñ]+/g, (word) => WORDS[word.toLowerCase()] ?? word).replace(/[¿¡]/g, '');
}
