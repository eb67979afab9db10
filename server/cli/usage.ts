/**
 * What `npm run portal -- --help` says (GNU's layout: usage, commands, options, environment,
 * exit codes, examples), and each command's own page for `help <comando>` or `<comando> --help`.
 * README's "Other commands" repeats the same table of exit codes.
 */
import { integrationScopes } from '../../contract/integration'
import packageJson from '../../package.json' with { type: 'json' }
import { exitCodeTable } from './failures'

export const commandNames = ['keys', 'import', 'backup', 'restore'] as const
export type CommandName = (typeof commandNames)[number]

export const isCommand = (name: string | undefined): name is CommandName =>
  (commandNames as readonly (string | undefined)[]).includes(name)

export const versionLine = `${packageJson.name} ${packageJson.version}`

const exitCodes = `Códigos de saída:
${exitCodeTable.map(([code, meaning]) => `  ${String(code).padEnd(3)} ${meaning}`).join('\n')}`

const database = `  DATABASE_URL   o PostgreSQL (postgres://…); sem ela, o banco embutido em DATA_DIR
  DATA_DIR       a pasta do banco embutido (padrão ./data); com o servidor rodando nela, pare-o
  DEMO           1: modo de demonstração, com as tabelas dela (padrão: 1 sem DATABASE_URL)`

const noPayments =
  'Nenhum comando lê as configurações de pagamento (PIX_*, PAYMENT_GATEWAY, STRIPE_*, PAYMENTS)\nnem PUBLIC_URL: essas são só do servidor.'

const pages: Record<CommandName, string> = {
  keys: `Uso: npm run portal -- keys create --name <nome> --scopes <escopo,escopo…>
     npm run portal -- keys list
     npm run portal -- keys revoke <id>

Chaves de integração: com elas o sistema do próprio clube chama a API do portal.
  create   cria uma chave e a mostra uma única vez (guarde-a na hora)
  list     id, nome, últimos 4 caracteres, escopos, estado e último uso, um por linha
  revoke   recusa a chave a partir de agora, em todas as instâncias

Opções de create:
  --name <nome>                 como a chave aparece na lista
  --scopes <escopo,escopo…>     o que a chave pode fazer: ${integrationScopes.join(', ')}

Variáveis de ambiente:
${database}
${noPayments}

${exitCodes}

Exemplos:
  npm run portal -- keys create --name "ERP do clube" --scopes members:read,members:write
  npm run portal -- keys list
  npm run portal -- keys revoke <id da lista>`,

  import: `Uso: npm run portal -- import <arquivo.csv…> [--dry-run] [--partial] [--report <pasta>]
                                   [--encoding utf-8|windows-1252]

Carrega pessoas, contratos, dependentes, parcelas e carteirinhas de planilhas (modelos em
docs/importacao/). Tudo é conferido antes de gravar; por padrão grava tudo ou nada.

Opções:
  --dry-run          confere e mostra o que faria, sem gravar nada
  --partial          grava as linhas válidas mesmo com linhas recusadas
  --report <pasta>   onde gravar <arquivo>.report.csv de cada arquivo (padrão: a pasta atual;
                     criada se não existir)
  --encoding <nome>  a codificação dos arquivos: utf-8 ou windows-1252 (latin1); sem ela, um
                     BOM decide, senão UTF-8 se o arquivo todo for UTF-8 válido, Windows-1252 se
                     nenhuma linha for, e um arquivo misturado é recusado com a linha

Variáveis de ambiente:
${database}
  LOG_LEVEL      o detalhe do registro (padrão info)
${noPayments}

${exitCodes}

Exemplos:
  npm run portal -- import docs/importacao/pessoas.csv docs/importacao/contratos.csv
  npm run portal -- import cadastro-plano.csv --dry-run --report relatorios/`,

  backup: `Uso: npm run portal -- backup <arquivo.tar.gz>

Uma cópia do banco embutido (DATA_DIR), mesmo com o servidor rodando: ele mesmo a faz.
Com PostgreSQL (DATABASE_URL), use pg_dump (README, "Backups").

Variáveis de ambiente:
  DATA_DIR       a pasta do banco embutido (padrão ./data)
  DATABASE_URL   se definida, o comando recusa: use pg_dump

${exitCodes}

Exemplo:
  npm run portal -- backup copia-$(date +%F).tar.gz`,

  restore: `Uso: npm run portal -- restore <arquivo.tar.gz>

Põe de volta uma cópia feita por backup, com o servidor parado. O banco que estava na pasta é
guardado ao lado, não apagado. Com PostgreSQL (DATABASE_URL), use pg_restore.

Variáveis de ambiente:
  DATA_DIR       a pasta do banco embutido (padrão ./data)
  DATABASE_URL   se definida, o comando recusa: use pg_restore

${exitCodes}

Exemplo:
  npm run portal -- restore copia-2026-01-31.tar.gz`,
}

export const generalHelp = `Portal do Titular: os comandos do provedor (${versionLine}).

Uso: npm run portal -- <comando> [opções]
     node dist-server/portal.mjs <comando> [opções]   (no servidor construído, na imagem)

Comandos:
  keys create|list|revoke   chaves de integração da API
  import <arquivo.csv…>     carrega planilhas de pessoas, contratos, dependentes, parcelas
  backup <arquivo.tar.gz>   copia o banco embutido, mesmo com o servidor rodando
  restore <arquivo.tar.gz>  restaura uma cópia, com o servidor parado
  help [comando]            esta ajuda, ou a de um comando (também: <comando> --help)

Opções gerais:
  -h, --help       mostra a ajuda
  -V, --version    mostra a versão
  --verbose        num erro interno, mostra os detalhes (o mesmo que PORTAL_DEBUG=1)

Variáveis de ambiente, e os comandos que as leem:
  DATABASE_URL   o PostgreSQL (postgres://…); sem ela, o banco embutido em DATA_DIR
                 [keys, import; backup e restore recusam: use pg_dump e pg_restore]
  DATA_DIR       a pasta do banco embutido (padrão ./data)                [todos]
  DEMO           1: modo de demonstração (padrão: 1 sem DATABASE_URL)     [keys, import]
  LOG_LEVEL      o detalhe do registro (padrão info)                      [import]
  PORTAL_DEBUG   1: num erro interno, mostra os detalhes                  [todos]
${noPayments}

${exitCodes}

Exemplos:
  npm run portal -- keys create --name "ERP do clube" --scopes members:read,members:write
  npm run portal -- import docs/importacao/pessoas.csv docs/importacao/contratos.csv --dry-run
  npm run portal -- backup copia.tar.gz
  npm run portal -- help import`

/** The page for `help [comando]`: the general one without a command. */
export const helpFor = (command: CommandName | undefined) =>
  command ? pages[command] : generalHelp

/** How a misuse of `command` points to its page. */
export const helpCommand = (command: CommandName | undefined) =>
  `npm run portal -- ${command ? `${command} ` : ''}--help`
