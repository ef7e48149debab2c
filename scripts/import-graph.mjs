#!/usr/bin/env node
/**
 * Measures the server's import graph (production files, tests left out):
 *   - imports against the layering: a lower layer importing a higher one, the layers being
 *     lib and config < db < jobs < plugins < modules < the composition root (app, main, bootstrap);
 *   - import cycles between files (strongly connected groups of more than one file);
 *   - imports of another module's repository from inside modules/.
 * Usage: node scripts/import-graph.mjs [server src dir] [--types] [--list]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const list = args.includes('--list');
/** Type-only imports count too: they tie the files' sources together though not at run time. */
const withTypes = args.includes('--types');
const root = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? 'apps/server/src');

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('test');

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Imports that exist at run time: `import type` and `export type` are left out. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found = [];
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement);
    const isExport = ts.isExportDeclaration(statement);
    if (!isImport && !isExport) continue;
    if (!withTypes && isImport && statement.importClause?.isTypeOnly) continue;
    if (!withTypes && isExport && statement.isTypeOnly) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const target = resolve(file, specifier.text);
    if (target) found.push(target);
  }
  return found;
}

const LAYERS = [
  ['lib', 0],
  ['config.ts', 0],
  ['db', 1],
  ['jobs', 2],
  ['plugins', 3],
  ['modules', 4],
  ['app.ts', 5],
  ['main.ts', 5],
  ['bootstrap', 5],
];
const layerOf = (file) => {
  const top = path.relative(root, file).split(path.sep)[0];
  return LAYERS.find(([name]) => name === top)?.[1] ?? 5;
};
const moduleOf = (file) => {
  const parts = path.relative(root, file).split(path.sep);
  return parts[0] === 'modules' ? parts[1] : null;
};

const files = sourceFiles(root).filter((file) => !isTest(file));
const graph = new Map(files.map((file) => [file, importsOf(file).filter((t) => !isTest(t))]));
const rel = (file) => path.relative(root, file);

const againstLayers = [];
const foreignRepositories = [];
for (const [file, targets] of graph) {
  for (const target of targets) {
    if (layerOf(target) > layerOf(file)) againstLayers.push(`${rel(file)} -> ${rel(target)}`);
    const [from, to] = [moduleOf(file), moduleOf(target)];
    if (from && to && from !== to && target.endsWith('.repository.ts')) {
      foreignRepositories.push(`${rel(file)} -> ${rel(target)}`);
    }
  }
}

// Tarjan's strongly connected components, iteratively (no recursion depth limit).
function cycles() {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, at] = frame;
      const targets = graph.get(node) ?? [];
      if (at < targets.length) {
        frame[1] += 1;
        const target = targets[at];
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0]), low.get(node)));
      if (low.get(node) === index.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1) groups.push(group.map(rel).sort());
      }
    }
  }
  return groups;
}

const groups = cycles();
console.log(`production files: ${files.length}`);
console.log(`imports against the layering: ${againstLayers.length}`);
console.log(`import cycles (groups of files): ${groups.length}`);
console.log(`files in cycles: ${groups.reduce((sum, group) => sum + group.length, 0)}`);
console.log(`imports of another module's repository: ${foreignRepositories.length}`);
if (list) {
  console.log('\nagainst the layering:');
  for (const line of againstLayers) console.log(`  ${line}`);
  console.log('\ncycles:');
  for (const group of groups) console.log(`  ${group.join(', ')}`);
  console.log("\nanother module's repository:");
  for (const line of foreignRepositories) console.log(`  ${line}`);
}
