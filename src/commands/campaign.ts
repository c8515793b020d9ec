/**
 * `tama campaign create|data|status|stop|resume|export`, `tama worker` and `tama db start|stop`:
 * argument parsing and wiring to src/campaign. Each action loads its code when it runs.
 */
import { Command, CommanderError } from 'commander';
import { missingPackagesLine, type DatabaseNeeds } from '../campaign/packages.js';
import { integerIn } from './integers.js';
import { writeOutput } from './closed-pipe.js';
import { MAX_PERFT_HASH_MB } from '../core/perft-table.js';
import { variantOption } from './variant-option.js';
import type { DataCampaignRequest } from '../campaign/data.js';

/** MiB of subtree counts a worker keeps for perft jobs unless told otherwise. */
const DEFAULT_WORKER_PERFT_HASH_MB = 256;

const CAMPAIGN_HELP = `
Settings: those of tama match (see tama match --help: --engine, --each, --games,
--openings, --draw, --resign, --maxplies, --noprogress, --repetition, --sprt, --variant,
--tournament, --event), stored with the campaign, and:
  --games N             games per pairing (required; with --sprt, the most it plays)
  --name TEXT           the campaign's name (default: the engines' names)
  --batch N             game pairs per job (default 8)
  --bench-depth N       depth of the bench whose node count identifies each engine's
                        build (default: the engine's own bench; run on one thread, Hash 16)
  --tries N             tries of each job (1-100, default 3): a try fails when every
                        game of a pair is lost to an engine failure (crash, stall,
                        disconnect) or when its worker is lost; a job out of tries is
                        left failed, and once nothing else runs the campaign stops
  --db URL              a shared PostgreSQL (postgres://user:password@host:port/db);
                        default: the embedded server in --data-dir
  --data-dir DIR        the embedded server's data (default $TAMA_DB_DIR, else
                        ~/.tama/postgres)
Games are played by workers (tama worker) on any machine that reaches the database;
every worker must run the same engine builds (same id name and bench signature).

Example:
  tama campaign create --engine cmd="node bin/tama.js" name=new \\
    --engine cmd="node ../old/bin/tama.js" name=old --each tc=10+0.1 \\
    --games 20000 --sprt elo0=0 elo1=5 --openings file=openings.txt order=random
  tama worker --concurrency 2
  tama campaign status --watch
`;

const dbOptions = (command: Command) =>
  command
    .option('--db <url>', 'a shared PostgreSQL: postgres://user:password@host:port/database')
    .option(
      '--data-dir <dir>',
      'the embedded PostgreSQL data directory (default $TAMA_DB_DIR or ~/.tama/postgres)',
    );

const print = (line: string) => writeOutput(line + '\n');
const printError = (line: string) => process.stderr.write(line + '\n');

type DbOptions = { db?: string; dataDir?: string };

/** The code of the error that stops a command whose database packages are missing (exit 1). */
export const MISSING_PACKAGES = 'tama.missingPackages';

/** The command's words after `tama`: `campaign status`, `worker`. */
const commandWords = (command: Command): string =>
  command.parent?.parent ? `${commandWords(command.parent)} ${command.name()}` : command.name();

/**
 * Checks, before any action of `command` (or of its subcommands) loads a database module,
 * that the packages it needs are installed; where one is missing, one line says what to
 * install and the command ends with exit code 1.
 */
function needsPackages(command: Command, needs: (options: DbOptions) => DatabaseNeeds): void {
  command.hook('preAction', (_command, action) => {
    const line = missingPackagesLine(commandWords(action), needs(action.opts<DbOptions>()));
    if (line === undefined) return;
    printError(line);
    throw new CommanderError(1, MISSING_PACKAGES, line);
  });
}

/** Campaigns and workers: the client and the queue, and the embedded server unless --db is given. */
const clientNeeds = (options: DbOptions): DatabaseNeeds => ({
  client: true,
  embedded: options.db === undefined,
});

/** Opens the database for an action, or reports why not and sets exit code 1. */
async function open(options: DbOptions, supervise = false) {
  const { connect } = await import('../campaign/connect.js');
  const connection = await connect(options, supervise, printError);
  if (!connection.ok) {
    printError(`error: ${connection.error.message}`);
    process.exitCode = 1;
    return undefined;
  }
  return connection.value;
}

/** Runs `action` on an open connection and closes it; errors of the action end in exit code 1. */
async function withDatabase(
  options: DbOptions,
  action: (
    connection: NonNullable<Awaited<ReturnType<typeof open>>>,
  ) => Promise<number | undefined>,
  supervise = false,
): Promise<void> {
  const connection = await open(options, supervise);
  if (connection === undefined) return;
  try {
    process.exitCode = (await action(connection)) ?? 0;
  } catch (error) {
    printError(`error: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await connection.close();
  }
}

const report = (result: { ok: boolean; error?: { message: string } }, done: () => void) => {
  if (result.ok) {
    done();
    return 0;
  }
  printError(`error: ${result.error?.message}`);
  return 1;
};

/** Adds the campaign, worker and db commands to the program. */
export function addCampaignCommands(program: Command): void {
  const campaign = program
    .command('campaign')
    .description(
      'match and training-data campaigns on a job queue in PostgreSQL, played by workers anywhere',
    );
  addCreateCommand(campaign);
  addDataCommand(campaign);
  addStatusCommand(campaign);
  addStopCommand(campaign);
  addResumeCommand(campaign);
  addExportCommand(campaign);
  needsPackages(campaign, clientNeeds);
  addWorkerCommand(program);
  addDbCommands(program);
}

/** `tama campaign create`: store a campaign and queue its jobs. */
function addCreateCommand(campaign: Command): void {
  dbOptions(
    campaign
      .command('create')
      .description('store a campaign (the settings of tama match) and queue its jobs')
      .usage('--engine cmd=CMD [...] --engine cmd=CMD [...] --games N [settings]')
      .argument('[settings...]', 'the campaign settings below')
      .allowUnknownOption()
      .allowExcessArguments()
      .addHelpText('after', CAMPAIGN_HELP),
  ).action(async (settings: string[], options: DbOptions) => {
    const { parseCampaignArguments } = await import('../campaign/settings.js');
    const parsed = parseCampaignArguments(settings);
    if (!parsed.ok) {
      printError(`error: ${parsed.error.message}`);
      process.exitCode = 2;
      return;
    }
    const { createGamesCampaign } = await import('../campaign/manage.js');
    await withDatabase(options, async ({ store, queue }) => {
      const created = await createGamesCampaign(store, queue, parsed.value, print);
      return report(created, () =>
        print(
          `Start workers: tama worker${options.db ? ' --db URL' : ''} [--concurrency N]; ` +
            `watch: tama campaign status ${created.ok ? created.value : ''} --watch`,
        ),
      );
    });
  });
}

const DATA_HELP = `
Each game starts from an opening of the file drawn at random, then --random-plies random
moves, both from a generator seeded by --seed and the game's number, so a game (and a job)
is the same wherever and however often it is played. The engine plays both sides at
--nodes a move; a game ends by the rules, at --maxplies, or when both sides' searches
have agreed for 4 moves that one side is 800 centi-men ahead. Workers store every position
where the engine moved that is quiet for both sides (no capture for either), with the
game's result and the search's score; tama tune-data --campaign ID writes them for tama tune.

Example:
  tama campaign data --variant armenian --games 20000 --nodes 3000
  nice -n 19 tama worker
  tama campaign status 1
  tama tune-data --campaign 1 --out positions-armenian.txt
`;

/** `tama campaign data`: self-play games whose positions become training data. */
function addDataCommand(campaign: Command): void {
  dbOptions(
    campaign
      .command('data')
      .description(
        'store a data campaign: self-play games whose quiet positions, results and scores are kept for training',
      )
      .addOption(variantOption('rules of the games'))
      .requiredOption('--games <n>', 'games to play (1-10000000)', integerIn(1, 10_000_000))
      .requiredOption('--nodes <n>', 'nodes a move (1-100000000)', integerIn(1, 100_000_000))
      .option('--engine <command>', "the engine, run in each worker's folder", 'node bin/tama.js') // prettier-ignore
      .option(
        '--openings <file>',
        'openings, one a line (default: the shipped data/openings-VARIANT.txt)',
      )
      .option('--random-plies <n>', 'random plies after the opening (0-40)', integerIn(0, 40), 4)
      .option(
        '--seed <n>',
        'seed of the openings and random plies (0-4294967295)',
        integerIn(0, 2 ** 32 - 1),
        1,
      )
      .option(
        '--maxplies <n>',
        'a game is drawn at this many plies (0: no limit; up to 10000)',
        integerIn(0, 10_000),
        400,
      )
      .option('--batch <n>', 'games per job (1-10000)', integerIn(1, 10_000), 8)
      .option('--tries <n>', 'tries of each job (1-100)', integerIn(1, 100), 3)
      .option(
        '--bench-depth <n>',
        "depth of the bench that identifies the engine's build (1-64)",
        integerIn(1, 64),
      )
      .option('--name <text>', "the campaign's name")
      .addHelpText('after', DATA_HELP),
  ).action(
    async (options: Omit<DataCampaignRequest, 'maxPlies'> & DbOptions & { maxplies: number }) => {
      const { createDataCampaign } = await import('../campaign/data.js');
      const request = { ...options, maxPlies: options.maxplies };
      await withDatabase(options, async ({ store, queue }) => {
        const created = await createDataCampaign(store, queue, request, print);
        if (!created.ok && created.error.code === 'bad-argument') {
          printError(`error: ${created.error.message}`);
          return 2;
        }
        return report(created, () =>
          print(
            `Start workers: tama worker${options.db ? ' --db URL' : ''}; ` +
              `export: tama tune-data --campaign ${created.ok ? created.value : ''} --out FILE`,
          ),
        );
      });
    },
  );
}

/** `tama campaign status`: one campaign's standing, or the list of campaigns. */
function addStatusCommand(campaign: Command): void {
  dbOptions(
    campaign
      .command('status')
      .description(
        'games, W/D/L, Elo, LOS, SPRT, games/min, time left, failed jobs and workers; all campaigns without ID',
      )
      .argument('[id]', 'the campaign', integerIn(1, 2 ** 31 - 1))
      .option('--watch', 'print the status again every few seconds until the campaign ends')
      .option('--interval <s>', 'seconds between --watch reports (1-3600)', integerIn(1, 3600), 5),
  ).action(
    async (id: number | undefined, options: DbOptions & { watch?: boolean; interval: number }) => {
      const { statusLines } = await import('../campaign/aggregate.js');
      await withDatabase(options, async ({ store, queue }) => {
        if (id === undefined) {
          const all = await store.campaigns();
          if (all.length === 0) print('No campaigns.');
          for (const row of all)
            print(`${row.id}  ${row.kind.padEnd(5)}  ${row.state.padEnd(8)}  ${row.name}`);
          return 0;
        }
        for (;;) {
          const row = await store.campaign(id);
          if (row === undefined) {
            printError(`error: no campaign ${id}`);
            return 1;
          }
          for (const line of await statusLines(store, queue, row)) print(line);
          if (!options.watch || row.state !== 'running') return 0;
          print('');
          await new Promise((resolve) => setTimeout(resolve, options.interval * 1000));
        }
      });
    },
  );
}

/** `tama campaign stop`. */
function addStopCommand(campaign: Command): void {
  dbOptions(
    campaign
      .command('stop')
      .description(
        "stop handing out the campaign's jobs (jobs in play end at their next game pair)",
      )
      .argument('<id>', 'the campaign', integerIn(1, 2 ** 31 - 1)),
  ).action(async (id: number, options: DbOptions) => {
    const { stopCampaign } = await import('../campaign/manage.js');
    await withDatabase(options, async ({ store, queue }) =>
      report(await stopCampaign(store, queue, id), () => print(`Campaign ${id} stopped`)),
    );
  });
}

/** `tama campaign resume`. */
function addResumeCommand(campaign: Command): void {
  dbOptions(
    campaign
      .command('resume')
      .description('run a stopped campaign again: jobs for what is not stored are queued')
      .argument('<id>', 'the campaign', integerIn(1, 2 ** 31 - 1)),
  ).action(async (id: number, options: DbOptions) => {
    const { resumeCampaign } = await import('../campaign/manage.js');
    await withDatabase(options, async ({ store, queue }) => {
      const resumed = await resumeCampaign(store, queue, id);
      return report(resumed, () =>
        print(`Campaign ${id} resumed: ${resumed.ok ? resumed.value : 0} jobs queued`),
      );
    });
  });
}

/** `tama campaign export`: the games as PDN, the results as JSON. */
function addExportCommand(campaign: Command): void {
  dbOptions(
    campaign
      .command('export')
      .description('all games as one PDN file and the results as JSON (PDN to stdout by default)')
      .argument('<id>', 'the campaign', integerIn(1, 2 ** 31 - 1))
      .option('--pdn <file>', 'write every game here, in game number order')
      .option('--json <file>', 'write the settings, engines, results and statistics here'),
  ).action(async (id: number, options: DbOptions & { pdn?: string; json?: string }) => {
    const { exportCampaign } = await import('../campaign/manage.js');
    await withDatabase(options, async ({ store }) => {
      const exported = await exportCampaign(store, id, options, (text) => writeOutput(text));
      return report(exported, () => {
        if (options.pdn !== undefined || options.json !== undefined) {
          print(`Exported ${exported.ok ? exported.value : 0} games of campaign ${id}`);
        }
      });
    });
  });
}

/** `tama worker`: plays the jobs of running campaigns. */
function addWorkerCommand(program: Command): void {
  const worker = dbOptions(
    program
      .command('worker')
      .description('play the jobs of running campaigns (games or perft subtrees) until Ctrl-C')
      .option(
        '--concurrency <n>',
        'jobs at once, each one game at a time (1-256)',
        integerIn(1, 256),
        1,
      )
      .option(
        '--poll <s>',
        'seconds between looks for jobs when idle (1-600)',
        integerIn(1, 600),
        2,
      )
      .option(
        '--allow <file>',
        "engines it may run besides its own checkout's node bin/tama.js: lines 'checkout FOLDER' or 'command WORDS' (docs/campaigns.md)", // prettier-ignore
      )
      .option(
        '--perft-hash <mb>',
        `MiB of subtree counts for perft jobs, kept from job to job (0: count every subtree; up to ${MAX_PERFT_HASH_MB})`, // prettier-ignore
        integerIn(0, MAX_PERFT_HASH_MB),
        DEFAULT_WORKER_PERFT_HASH_MB,
      ),
  ).action(runWorkerCommand);
  needsPackages(worker, clientNeeds);
}

/**
 * Plays jobs until Ctrl-C: the first finishes the jobs in play, a second (or SIGTERM) gives
 * them back to the queue. Perft jobs are counted by one engine, one job at a time.
 */
async function runWorkerCommand(
  options: DbOptions & { concurrency: number; poll: number; perftHash: number; allow?: string },
): Promise<void> {
  const { loadAllowList } = await import('../campaign/allow.js');
  const { projectRoot } = await import('../engine/project-root.js');
  const allow = loadAllowList(options.allow, projectRoot());
  if (!allow.ok) {
    printError(`error: ${allow.error.message}`);
    process.exitCode = 2;
    return;
  }
  const { runWorker } = await import('../campaign/worker.js');
  const { Engine } = await import('../engine/engine.js');
  const { MAX_THREADS } = await import('../engine/options.js');
  const finish = new AbortController();
  const giveBack = new AbortController();
  const onInterrupt = () => {
    if (finish.signal.aborted) giveBack.abort();
    else {
      printError('Finishing the jobs in play (Ctrl-C again to give them back and quit)...');
      finish.abort();
    }
  };
  const onTerminate = () => {
    finish.abort();
    giveBack.abort();
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onTerminate);
  // Perft jobs are counted by one engine on all the worker's threads, one job at a time.
  let perftEngine: InstanceType<typeof Engine> | undefined;
  let perftTurn: Promise<unknown> = Promise.resolve();
  const countOnEngine = async (fen: string, variant: string, depth: number) => {
    const hashed = options.perftHash > 0;
    if (perftEngine === undefined) {
      perftEngine = new Engine({ info: () => {}, error: (message) => printError(`error: ${message}`) }); // prettier-ignore
      // The subtree counts live in the engine's Hash and stay there from job to job.
      const sized = hashed ? perftEngine.setOption('Hash', String(options.perftHash)) : undefined;
      if (sized !== undefined && !sized.ok) throw new Error(sized.error.message);
    }
    const threads = String(Math.min(options.concurrency, MAX_THREADS));
    for (const [name, value] of [
      ['Threads', threads],
      ['Variant', variant],
    ]) {
      const set = perftEngine.setOption(name, value);
      if (!set.ok) throw new Error(set.error.message);
    }
    const set = perftEngine.setPosition(fen, []);
    if (!set.ok) throw new Error(set.error.message);
    return (await perftEngine.perft(depth, hashed)).nodes;
  };
  await withDatabase(
    options,
    async ({ store, queue }) => {
      const jobs = await runWorker(
        store,
        queue,
        {
          concurrency: options.concurrency,
          pollSeconds: options.poll,
          allow: allow.value,
          folder: process.cwd(),
        },
        {
          print,
          warn: printError,
          finish: finish.signal,
          giveBack: giveBack.signal,
          countPerft: (fen, variant, depth) => {
            const count = perftTurn.then(() => countOnEngine(fen, variant, depth));
            perftTurn = count.catch(() => undefined);
            return count;
          },
        },
      );
      print(`Worker done: ${jobs} job(s) completed`);
      return 0;
    },
    true,
  );
  await perftEngine?.close();
  process.off('SIGINT', onInterrupt);
  process.off('SIGTERM', onTerminate);
}

/** `tama db start` and `tama db stop`: the embedded PostgreSQL. */
function addDbCommands(program: Command): void {
  const db = program
    .command('db')
    .description('the embedded PostgreSQL that campaigns use when no --db is given');
  needsPackages(db, () => ({ client: false, embedded: true }));
  db.command('start')
    .description(
      'create (if needed) and start the embedded server, on localhost only; prints its URL and where it listens',
    )
    .option('--data-dir <dir>', 'its data directory (default $TAMA_DB_DIR or ~/.tama/postgres)')
    .addHelpText(
      'after',
      '\nThe embedded server listens on localhost only and has no option to listen elsewhere:\n' +
        'its password is the built-in one. It refuses to start when its configuration was set\n' +
        'to listen on other addresses. For workers on other machines, run a PostgreSQL of your\n' +
        'own with real passwords and give its URL with --db (docs/campaigns.md).',
    )
    .action(async (options: { dataDir?: string }) => {
      const { defaultDataDir, ensureEmbeddedServer, listenLine } = await import('../campaign/embedded.js'); // prettier-ignore
      const started = await ensureEmbeddedServer(options.dataDir ?? defaultDataDir(), printError);
      process.exitCode = report(started, () => {
        if (!started.ok) return;
        print(started.value);
        print(listenLine(Number(new URL(started.value).port)));
      });
    });
  db.command('stop')
    .description('stop the embedded server')
    .option('--data-dir <dir>', 'its data directory (default $TAMA_DB_DIR or ~/.tama/postgres)')
    .action(async (options: { dataDir?: string }) => {
      const { defaultDataDir, stopEmbeddedServer } = await import('../campaign/embedded.js');
      const stopped = await stopEmbeddedServer(options.dataDir ?? defaultDataDir());
      process.exitCode = report(stopped, () =>
        print(stopped.ok && stopped.value ? 'Stopped' : 'Not running'),
      );
    });
}
