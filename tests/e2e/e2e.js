// End-to-end: drive ./morphos through @sabaki/gtp, a GTP controller this
// project did not write, and check that it accepts every answer (errors,
// multi-line answers, ids, streaming analyze, quit) and that its state
// tracker (which syncs games with undo and replays) works against us.
// Usage: node e2e.js ENGINE   Prints "N passed, N failed".
'use strict'
const assert = require('assert')
const path = require('path')
const {Controller, ControllerStateTracker} = require('@sabaki/gtp')

const engine = path.resolve(process.argv[2] || '../../build/asan/morphos')
const tests = []
const test = (name, fn) => tests.push({name, fn})

async function withEngine(fn, args = []) {
  const c = new Controller(engine, args)
  let exitCode = null
  const stderr = []
  c.on('stderr', ({content}) => stderr.push(content))
  c.on('stopped', ({signal}) => (exitCode = signal))
  c.start()
  try {
    await fn(c)
  } finally {
    await c.stop(10000)
  }
  // Controller reports the exit code as `signal`; sanitizers make it non-zero.
  assert.strictEqual(exitCode, 0, 'engine exit status ' + exitCode + '\n' + stderr.join('\n'))
}

const ok = async (c, name, ...args) => {
  const r = await c.sendCommand({name, args})
  assert.ok(!r.error, `${name} ${args.join(' ')} -> ? ${r.content}`)
  return r.content
}
const err = async (c, name, ...args) => {
  const r = await c.sendCommand({name, args})
  assert.ok(r.error, `${name} ${args.join(' ')} should fail, got = ${r.content}`)
  return r.content
}

test('administrative commands', () =>
  withEngine(async c => {
    assert.strictEqual(await ok(c, 'protocol_version'), '2')
    assert.strictEqual(await ok(c, 'name'), 'Morphos')
    assert.match(await ok(c, 'version'), /^\d+\.\d+/)
    const cmds = (await ok(c, 'list_commands')).split('\n')
    for (const n of ['play', 'genmove', 'undo', 'rules', 'perft', 'divide', 'legal_moves',
      'winner', 'weak_stones', 'gogui-rules_legal_moves', 'analyze', 'loadsgf', 'printsgf'])
      assert.ok(cmds.includes(n), 'list_commands lacks ' + n)
    assert.strictEqual(await ok(c, 'known_command', 'showboard'), 'true')
    assert.strictEqual(await ok(c, 'known_command', 'fly'), 'false')
  }))

test('ids are echoed on success and on error', () =>
  withEngine(async c => {
    let r = await c.sendCommand({id: 42, name: 'name'})
    assert.strictEqual(r.id, 42)
    assert.strictEqual(r.content, 'Morphos')
    r = await c.sendCommand({id: 7, name: 'play', args: ['b', 'Z99']})
    assert.strictEqual(r.id, 7)
    assert.ok(r.error)
    r = await c.sendCommand({id: 8, name: 'no_such_command'})
    assert.strictEqual(r.id, 8)
    assert.ok(r.error)
    assert.strictEqual(r.content, 'unknown command')
  }))

test('errors carry a reason and leave the game as it was', () =>
  withEngine(async c => {
    await ok(c, 'boardsize', '5')
    await ok(c, 'play', 'b', 'C3')
    assert.match(await err(c, 'play', 'b', 'D4'), /not black's turn: white to move/)
    assert.match(await err(c, 'play', 'w', 'Z9'), /not a point/)
    assert.match(await err(c, 'boardsize', '30'), /unacceptable size/)
    assert.match(await err(c, 'rules', 'nonsense'), /unknown rule token/)
    assert.match(await err(c, 'perft', '-3'), /depth/)
    assert.match(await err(c, 'undo', 'now'), /too many arguments/)
    assert.strictEqual(await ok(c, 'gogui-rules_side_to_move'), 'white')
    assert.strictEqual(await ok(c, 'gogui-rules_board'),
      '. . . . .\n. . . . .\n. . X . .\n. . . . .\n. . . . .')
  }))

test('multi-line answers: showboard, divide', () =>
  withEngine(async c => {
    await ok(c, 'boardsize', '3')
    const board = await ok(c, 'showboard')
    assert.match(board, / 3 \. \. \. 3\n 2 \. \. \. 2\n 1 \. \. \. 1/)
    assert.match(board, /black to move/)
    assert.match(board, /rules: none,edges=on,pie=on/)
    const div = (await ok(c, 'divide', '2')).split('\n')
    assert.strictEqual(div.length, 10)
    assert.strictEqual(div[9], 'total 81')
    assert.strictEqual(await ok(c, 'perft', '2'), '81')
  }))

test('a whole game, engine against itself, to a result', () =>
  withEngine(async c => {
    await ok(c, 'set_param', 'searcher', 'random')
    await ok(c, 'set_param', 'seed', '3')
    await ok(c, 'boardsize', '5')
    let color = 'b'
    let moves = 0
    for (;;) {
      const side = await ok(c, 'gogui-rules_side_to_move')
      color = side[0]
      const legal = (await ok(c, 'legal_moves')).split(' ')
      const m = await ok(c, 'genmove', color)
      if (m === 'resign') break
      assert.ok(legal.includes(m), `genmove ${color} gave ${m}, not in ${legal.join(' ')}`)
      moves++
      assert.ok(moves < 500, 'game too long')
      if ((await ok(c, 'winner')) !== 'none') break
    }
    const w = await ok(c, 'winner')
    assert.ok(['black', 'white', 'draw'].includes(w), 'winner ' + w)
    if (w !== 'draw') {
      const loser = w === 'black' ? 'w' : 'b'
      assert.strictEqual(await ok(c, 'genmove', loser), 'resign')
      await err(c, 'genmove', w[0])
      assert.strictEqual(await ok(c, 'final_score'), w === 'black' ? 'B+' : 'W+')
    }
    const sgf = await ok(c, 'printsgf')
    assert.match(sgf, /^\(;FF\[4\].*SZ\[5\]/s)
  }))

test('the state tracker syncs games with undo and replays', () =>
  withEngine(async c => {
    const t = new ControllerStateTracker(c)
    const hist = ms => ms.map((v, i) => ({name: 'play', args: [i % 2 ? 'W' : 'B', v]}))
    await t.sync({boardsize: [5, 5], komi: 0, history: hist(['C3', 'D4', 'B2'])})
    assert.strictEqual(await ok(c, 'gogui-rules_board'),
      '. . . . .\n. . . O .\n. . X . .\n. X . . .\n. . . . .')
    // Take back two moves and play another line: the tracker uses undo.
    await t.sync({boardsize: [5, 5], komi: 0, history: hist(['C3', 'E5', 'A1'])})
    assert.strictEqual(await ok(c, 'gogui-rules_board'),
      '. . . . O\n. . . . .\n. . X . .\n. . . . .\nX . . . .')
    assert.match(await ok(c, 'showboard'), /moves played: 3, last move: A1 \(black\)/)
    // A history the rules refuse makes sync fail, as it should.
    await assert.rejects(t.sync({boardsize: [5, 5], komi: 0, history: hist(['C3', 'D4', 'C3'])}))
  }))

test('analyze streams info lines until the next command', () =>
  withEngine(async c => {
    await ok(c, 'set_param', 'searcher', 'random')
    await ok(c, 'boardsize', '5')
    const lines = []
    const pending = c.sendCommand({name: 'analyze', args: ['b', '5']}, ({line}) => lines.push(line))
    await new Promise(r => setTimeout(r, 400))
    const next = c.sendCommand({name: 'name'})
    const r = await pending
    assert.ok(!r.error, r.content)
    assert.ok(lines.some(l => l.startsWith('info move ')), 'no info line: ' + lines.join('|'))
    assert.strictEqual((await next).content, 'Morphos')
  }))

test('the pie: swap and GoGui-style swap', () =>
  withEngine(async c => {
    await ok(c, 'boardsize', '5')
    await ok(c, 'play', 'b', 'B1')
    assert.match(await ok(c, 'legal_moves'), / swap$/)
    await ok(c, 'play', 'w', 'B1')
    assert.match(await ok(c, 'showboard'), /last move: swap \(white\)/)
    assert.strictEqual(await ok(c, 'gogui-rules_side_to_move'), 'black')
  }))

test('Morpharaoh: cells by number, boardsize refused, a picture board', () =>
  withEngine(async c => {
    await ok(c, 'set_param', 'searcher', 'random')
    await ok(c, 'rules', 'morpharaoh', 'board=48')
    assert.match(await err(c, 'boardsize', '9'), /Morpharaoh has no board size/)
    assert.strictEqual(await ok(c, 'perft', '2'), '2256')
    await ok(c, 'play', 'b', '5')
    assert.match(await err(c, 'play', 'w', '48'), /not a point/)
    const m = await ok(c, 'genmove', 'w')
    assert.match(m, /^\d+$/)
    const board = await ok(c, 'showboard')
    assert.match(board, /N \(black\)\n/)
    assert.match(board, / 5:X\n/)
    assert.match(board, /black to move/)
    assert.match(await ok(c, 'printsgf'), new RegExp('RU\\[morpharaoh,board=48[^\\]]*\\]\n;B\\[5\\];W\\[' + m + '\\]'))
    await ok(c, 'undo')
    await ok(c, 'rules', 'morphos')
    assert.strictEqual(await ok(c, 'gogui-rules_board_size'), '9')
  }))

test('command-line flags reach the engine', () =>
  withEngine(async c => {
    assert.strictEqual(await ok(c, 'get_param', 'searcher'), 'random')
  }, ['--searcher', 'random']))

;(async () => {
  let passed = 0, failed = 0
  for (const {name, fn} of tests) {
    try {
      await fn()
      passed++
      console.log('ok   ' + name)
    } catch (e) {
      failed++
      console.log('FAIL ' + name + ': ' + (e && e.stack ? e.stack : e))
    }
  }
  console.log(`${passed} passed, ${failed} failed`)
  process.exit(failed ? 1 : 0)
})()
