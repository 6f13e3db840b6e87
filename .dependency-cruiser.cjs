// The layers of the lab, held by `npm run depcheck` (dependency-cruiser) in CI: the generic
// layers never import a game folder. Only the registry (src/games/registry.ts) lists the games;
// the command line and the simulation's worker side reach a game through it.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'generic-layers-import-no-game',
      comment: 'src/core, src/sim, src/report and the game-agnostic bots speak the GameModule and Game contracts; a game is reached through src/games/registry.ts only.',
      severity: 'error',
      from: { path: '^(src/core|src/sim|src/report)/|^bots/(bot|random|mcts|index)\\.ts$' },
      to: { path: '^src/games/', pathNot: '^src/games/registry\\.ts$' },
    },
    {
      name: 'core-imports-nothing-above-it',
      comment: 'src/core is the bottom layer: it imports no simulation, report, command line, bot or game.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^(src/(sim|report|cli|games)|bots)/' },
    },
    {
      name: 'games-import-no-other-game',
      comment: 'A game folder imports the generic layers, never another game.',
      severity: 'error',
      from: { path: '^src/games/([^/]+)/' },
      to: { path: '^src/games/([^/]+)/', pathNot: '^src/games/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
