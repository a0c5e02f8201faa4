// What `npm start` tells a person once the server listens: where it is and how to get in.
import { databaseTarget } from './config';
import { companyExists } from './companies';

export async function printWelcome(port: number): Promise<void> {
  const base = `http://localhost:${port}`;
  const target = databaseTarget();
  const lines = [
    `Console and API ready on ${base} (API under ${base}/api)`,
    `Database: ${target.provider === 'sqlite' ? `SQLite file ${target.file}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (!(await companyExists())) {
    lines.push(
      'No company exists yet. Either:',
      `  - open ${base}/setup in a browser to create the company and its first owner, or`,
      '  - run: npm run --silent company:create -- --name "Acme"   (prints the company id and its API key),',
      '    then: npm run --silent user -- invite --company <id> --email <you> --role owner   (prints a sign-up link)',
    );
  } else {
    lines.push(`Sign in at ${base}/sign-in, or exchange an API key: curl -H "authorization: ApiKey <key>" ${base}/api/authentication/generate-access-token`);
  }
  console.log(lines.join('\n'));
}
