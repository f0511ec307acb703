// /docs: the REST API reference, rendered on the server from the OpenAPI document.
// No CDN and no client script: it works offline and prints well.
import type { Metadata } from 'next';
import Link from 'next/link';
import { openApiDocument } from '@/server/api/openapi';
import { env } from '@/server/env';

export const metadata: Metadata = { title: 'API reference' };
export const dynamic = 'force-dynamic';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  description?: string;
  format?: string;
  nullable?: boolean;
  $ref?: string;
};

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function typeLabel(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeLabel).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') return `${typeLabel(schema.items)}[]`;
  if (schema.format) return `${type ?? 'string'} (${schema.format})`;
  return type ?? 'object';
}

function Fields({ schema }: { schema: Schema | undefined }) {
  const target = schema?.type === 'array' ? schema.items : schema;
  const properties = target?.properties;
  if (!properties) return <p className="text-sm text-muted">{typeLabel(schema)}</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-muted">
        <tr>
          <th className="py-1 pr-3 font-medium">Field</th>
          <th className="py-1 pr-3 font-medium">Type</th>
          <th className="py-1 font-medium">Notes</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(properties).map(([name, field]) => (
          <tr key={name} className="border-t border-border align-top">
            <td className="py-1.5 pr-3 font-mono">
              {name}
              {target?.required?.includes(name) ? <span className="text-danger" title="required"> *</span> : null}
            </td>
            <td className="py-1.5 pr-3 font-mono text-muted">{typeLabel(field)}</td>
            <td className="py-1.5">{field.description ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function DocsPage() {
  const document = openApiDocument(env().APP_URL) as unknown as {
    info: { title: string; description?: string; version: string };
    paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  };
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ path, method, operation: item[method] }] : [])),
  );
  const tags = [...new Set(operations.map((entry) => entry.operation.tags?.[0] ?? 'other'))];
  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <header className="mb-8 space-y-3">
        <p className="text-sm text-muted">
          <Link href="/" className="underline underline-offset-4">
            Onething
          </Link>{' '}
          · version {document.info.version}
        </p>
        <h1 className="text-3xl font-semibold">{document.info.title}</h1>
        <p className="text-muted">{document.info.description}</p>
        <p className="text-sm">
          Machine-readable: <a className="underline underline-offset-4" href="/api/openapi.json">/api/openapi.json</a>
        </p>
      </header>
      <nav aria-label="Sections" className="mb-10 flex flex-wrap gap-2">
        {tags.map((tag) => (
          <a key={tag} href={`#${tag}`} className="rounded-pill border border-border px-3 py-1 text-sm hover:bg-surfaceMuted">
            {tag}
          </a>
        ))}
      </nav>
      {tags.map((tag) => (
        <section key={tag} id={tag} className="mb-12 space-y-4">
          <h2 className="text-xl font-semibold capitalize">{tag}</h2>
          {operations
            .filter((entry) => (entry.operation.tags?.[0] ?? 'other') === tag)
            .map(({ path, method, operation }) => {
              const body = operation.requestBody?.content?.['application/json']?.schema;
              const ok = operation.responses?.['200']?.content?.['application/json']?.schema;
              const isProtected = Boolean(operation.security?.length);
              return (
                <article key={`${method} ${path}`} className="space-y-3 rounded-card border border-border bg-surface p-5">
                  <h3 className="flex flex-wrap items-baseline gap-3 font-mono text-sm">
                    <span className="rounded-md bg-accentSoft px-2 py-0.5 font-semibold uppercase text-text">{method}</span>
                    <span className="break-all">/api{path}</span>
                  </h3>
                  <p className="font-medium">{operation.summary}</p>
                  {operation.description ? <p className="text-sm text-muted">{operation.description}</p> : null}
                  <p className="text-xs text-muted">{isProtected ? 'Needs the session cookie or a bearer token.' : 'Public.'}</p>
                  {operation.parameters?.length ? (
                    <div className="space-y-1">
                      <h4 className="text-sm font-semibold">Parameters</h4>
                      <ul className="text-sm">
                        {operation.parameters.map((parameter) => (
                          <li key={`${parameter.in}-${parameter.name}`} className="font-mono">
                            {parameter.name} <span className="text-muted">({parameter.in}, {typeLabel(parameter.schema)})</span>
                            {parameter.required ? <span className="text-danger"> *</span> : null}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                  {body ? (
                    <div className="space-y-1">
                      <h4 className="text-sm font-semibold">Request body</h4>
                      <Fields schema={body} />
                    </div>
                  ) : null}
                  <div className="space-y-1">
                    <h4 className="text-sm font-semibold">Answer</h4>
                    <Fields schema={ok} />
                  </div>
                </article>
              );
            })}
        </section>
      ))}
    </main>
  );
}
