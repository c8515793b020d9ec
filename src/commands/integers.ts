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
