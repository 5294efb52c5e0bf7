/** ES2024's well-formed string methods: Node.js has them, the compiler's ES2022 library does not declare them. */
interface Es2024String {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/** Whether `text` is Unicode: no UTF-16 surrogate without its pair. */
export const isWellFormed = (text: string): boolean => (text as unknown as Es2024String).isWellFormed();

/** `text` with every lone surrogate replaced by U+FFFD. */
export const toWellFormed = (text: string): string => (text as unknown as Es2024String).toWellFormed();
