// Operators' command line (D3). Prints one JSON object per call.
//   npm run --silent company:create -- --name "Acme"
//   npm run --silent apikey -- key:create --company <companyId> --name "ci"
//   npm run --silent apikey -- key:revoke --company <companyId> --key <apiKeyId>
//   npm run --silent apikey -- key:list --company <companyId>
//   npm run --silent apikey -- list
import { parseArgs } from 'node:util';
import { printResult, required as requiredFlag } from './lib/cli';
import { createCompanyApiKey, createCompany, getCompany, listApiKeys, listCompanies, revokeApiKey } from '../lib/server/companies';
import { loadDatabase } from '../lib/server/db';
import { migrateDatabase } from '../lib/server/migrate';
import { wholeCompany } from '../lib/server/store/scope';

const USAGE = `usage:
  company:create -- --name <company name> [--key-name <name>]
  apikey -- key:create --company <id> --name <key name>
  apikey -- key:revoke --company <id> --key <api key id>
  apikey -- key:list --company <id>
  apikey -- list`;

const required = (value: string | undefined, flag: string) => requiredFlag(value, flag, USAGE);

async function run(): Promise<unknown> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { name: { type: 'string' }, company: { type: 'string' }, key: { type: 'string' }, 'key-name': { type: 'string' } },
  });
  const command = positionals[0];
  await migrateDatabase();
  await loadDatabase();
  switch (command) {
    case 'create':
      return createCompany(required(values.name, 'name'), values['key-name']?.trim() || 'default');
    case 'key:create': {
      const company = await getCompany(required(values.company, 'company'));
      return createCompanyApiKey(company.id, required(values.name, 'name'));
    }
    case 'key:revoke':
      return revokeApiKey(wholeCompany(required(values.company, 'company')), required(values.key, 'key'));
    case 'key:list':
      return listApiKeys(wholeCompany(required(values.company, 'company')));
    case 'list':
      return listCompanies();
    default:
      throw new Error(USAGE);
  }
}

printResult(run);
