/** Whole-number arguments for commander options. */
import { InvalidArgumentError } from 'commander';

/** Reads a whole number within [min, max] from an option or argument. */
export function integerIn(min: number, max: number) {
  return (text: string): number => {
    if (!/^\d+$/.test(text.trim())) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    }
    const value = Number(text);
    if (value < min || value > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    }
    return value;
  };
}

/** Reads a decimal number within [min, max] from an option or argument. */
export function decimalIn(min: number, max: number) {
  return (text: string): number => {
    const value = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
      throw new InvalidArgumentError(`expected a number from ${min} to ${max}`);
    }
    return value;
  };
}
