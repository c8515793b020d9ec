/** The help text of `tama match`, kept apart so that `tama --help` loads no match code. */
export const MATCH_HELP = `
Settings (cutechess style; key=value words follow their option):
  --engine cmd=CMD [name=NAME] [option.NAME=VALUE ...] [tc=..|st=..|depth=..|nodes=..]
           [timemargin=MS] [stall=MS] [startup=MS] [dir=DIR] [arg=ARG ...]
           [restart=on|off]
                        one engine; give two or more. CMD is split like a shell line
                        (quotes allowed) and run without a shell. NAME defaults to the
                        engine's "id name". option.NAME sends "setoption name NAME value
                        VALUE" after uciok; Variant is set from --variant. An
                        engine that answers one with "info string error" stops the
                        match before it starts.
  --each KEY=VALUE ...  the same keys, for every engine (an engine's own keys win)
    tc=40/60+0.6        40 moves in 60 s, +0.6 s a move, time back every 40 moves;
    tc=10+0.1           10 s for the game +0.1 s a move (times also as m:ss; tc=inf)
    st=1                a fixed second a move (go movetime 1000)
    depth=N, nodes=N    search limits (alone, or added to tc or st)
    timemargin=MS       how far past its time an engine may answer (default 0)
    stall=MS            the stall period: during a search the runner sends isready
                        every MS and an engine that does not answer within MS has
                        stalled, as has one with no bestmove MS after the "stop" sent
                        when its time ran out (default 10000)
    startup=MS          time a new process may take to answer uci and isready
                        (default 10000)
    restart=on          a fresh process for every game (default off: a process is
                        kept between games and replaced only when it failed)
  --games N             games per pairing (default 2); each opening is played twice
                        with colours swapped
  --tournament round-robin|gauntlet
                        everyone meets everyone (default), or the first engine meets
                        each of the others
  --concurrency N       games at once (default 1); each engine process serves one game
  --variant armenian|turkish
  --openings file=FILE [order=sequential|random] [seed=N] [start=N] [plies=N]
                        one opening a line: position text, or moves from the start;
                        '#' lines are comments. Each opening is played by a pair of
                        games with colours swapped. Default: the variant's shipped
                        file (data/openings-armenian.txt, data/openings-turkish.txt),
                        in its order
  --openings startpos   every game from the start position instead
    order=random        shuffle the openings with seed=N (default: the file's order)
    start=N             begin at the file's N-th opening (default 1), to resume a match
    plies=N             keep only the first N moves (plies) of each opening line
  --pgnout FILE         append every finished game as PDN (alias --pdnout)
  --draw movenumber=N movecount=C score=S
                        adjudicate a draw after N full moves once both engines scored
                        within S cp of 0 for their last C moves
  --resign movecount=C score=S [twosided=true]
                        a side whose engine scored <= -S cp for its last C moves loses
  --maxplies N          draw a game that reaches N plies (default 0: no limit)
  --noprogress N        draw after N plies without capture or man move (default 100; 0 off)
  --repetition N        draw when a position occurs N times (default 3; 0 off)
  --sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]
                        stop once the SPRT on game pairs decides (two engines only)
  --event TEXT          the PDN Event tag (default "tama match")
  --rating-interval N   print Elo, pentanomial and SPRT every N games (default 10)
  --debug               print all engine traffic to stderr

The runner judges every game itself: an illegal move, a time loss, a stall, a crash or
a disconnect loses (counted per kind); a side with no legal move loses. A crashed engine
is restarted for its next game. Ctrl-C stops at once and still prints the results so far
(a second Ctrl-C quits without them).

Example:
  tama match --engine cmd="node bin/tama.js" name=new option.Hash=64 \\
    --engine cmd="node ../old/bin/tama.js" name=old --each tc=10+0.1 --games 200 \\
    --concurrency 2 --openings file=data/openings-armenian.txt order=random seed=1 \\
    --pgnout games.pdn --draw movenumber=40 movecount=8 score=10 \\
    --resign movecount=4 score=600 --maxplies 400 --sprt elo0=0 elo1=5
`;
