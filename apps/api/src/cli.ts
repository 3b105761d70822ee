import { executarCli } from './cli/executar-cli.ts';

process.exitCode = await executarCli(process.argv.slice(2), process.env);
