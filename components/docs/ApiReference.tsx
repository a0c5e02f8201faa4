'use client';
// Swagger UI, self-hosted: its script and stylesheet come from /docs/assets (the installed
// swagger-ui-dist package), loaded only on this page. It renders GET /api/openapi.json. "Try it
// out" requests go to this origin with the session cookie and the console header, so they run as
// the signed-in person. No eval is needed: it works under the console's Content-Security-Policy.
import { useEffect, useRef, useState } from 'react';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '@/lib/api/session-cookie';
import './api-reference.css';

const SCRIPT = '/docs/assets/swagger-ui-bundle.js';
const STYLES = '/docs/assets/swagger-ui.css';

type SwaggerRequest = { url: string; headers: Record<string, string> };
type SwaggerUIBundle = ((options: Record<string, unknown>) => unknown) & { presets: { apis: unknown } };

declare global {
  interface Window {
    SwaggerUIBundle?: SwaggerUIBundle;
  }
}

let loading: Promise<SwaggerUIBundle> | undefined;

function loadSwaggerUi(): Promise<SwaggerUIBundle> {
  if (!document.querySelector(`link[href="${STYLES}"]`)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = STYLES;
    document.head.append(link);
  }
  loading ??= new Promise<SwaggerUIBundle>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => (window.SwaggerUIBundle ? resolve(window.SwaggerUIBundle) : reject(new Error('Swagger UI did not load')));
    script.onerror = () => reject(new Error('Could not load the Swagger UI script'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export function ApiReference() {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ status: 'loading' | 'ready' } | { status: 'error'; error: unknown }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadSwaggerUi()
      .then((SwaggerUI) => {
        if (cancelled || !container.current) return;
        SwaggerUI({
          url: '/api/openapi.json',
          domNode: container.current,
          presets: [SwaggerUI.presets.apis],
          layout: 'BaseLayout',
          deepLinking: false,
          validatorUrl: null,
          defaultModelsExpandDepth: -1,
          docExpansion: 'list',
          requestInterceptor: (request: SwaggerRequest) => {
            if (new URL(request.url, window.location.href).origin === window.location.origin) request.headers[CONSOLE_HEADER] = CONSOLE_HEADER_VALUE;
            return request;
          },
          onComplete: () => !cancelled && setState({ status: 'ready' }),
        });
      })
      .catch((error: unknown) => !cancelled && setState({ status: 'error', error }));
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  return (
    <section aria-label="Operations" className="api-reference">
      {state.status === 'loading' && <LoadingState label="Loading the API reference…" />}
      {state.status === 'error' && (
        <ErrorState
          title="Could not load the API reference"
          error={state.error}
          onRetry={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      )}
      <div ref={container} className="swagger-host" hidden={state.status === 'error'} />
    </section>
  );
}
