// JSON-typed booleans and numbers for request bodies. trpc-to-openapi's REST adapter rewrites
// every plain z.boolean()/z.number() field of an input object into its z.coerce form on the
// first request (utils/zod coerceSchema), for bodies too and for both doors, so the string
// "false" would read as true. A pipe is left alone, so these keep JSON's types strict while
// the OpenAPI document still shows a plain boolean or number.
import { z } from 'zod';

export const zBoolean = () => z.boolean().pipe(z.boolean());

export const zInt = (build: (number: z.ZodNumber) => z.ZodNumber = (number) => number) => build(z.number().int()).pipe(z.number());
