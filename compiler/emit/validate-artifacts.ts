/**
 * compiler/emit: check the emitted contracts with the tools clients use. A failure here is a compiler
 * bug, not a user error, so it throws InvalidArtifact with the validator's own messages.
 */
import { validate } from '@readme/openapi-parser';
import { buildSchema } from 'graphql';

export class InvalidArtifact extends Error {
  constructor(readonly artifact: string, readonly details: string) {
    super(`emitted ${artifact} is invalid: ${details}`);
  }
}

export async function validateOpenApi(doc: object): Promise<void> {
  const result = await validate(structuredClone(doc) as never);
  if (!result.valid) {
    const errors = (result as { errors?: { message: string }[] }).errors ?? [];
    throw new InvalidArtifact('openapi.json', errors.map((e) => e.message).join('; ').slice(0, 4000));
  }
}

export function validateGraphql(sdl: string): void {
  try {
    buildSchema(sdl);
  } catch (err) {
    throw new InvalidArtifact('schema.graphql', (err as Error).message);
  }
}
