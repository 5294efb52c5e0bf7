/** The languages the widgets speak (spec), and the only ones the built-in engine detects. */
export const WIDGET_LANGUAGES = ['es', 'en', 'de', 'fr', 'pt', 'it', 'hu'] as const;
export type WidgetLanguage = (typeof WIDGET_LANGUAGES)[number];
