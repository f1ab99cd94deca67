#!/bin/sh
# bench/dagaz-cross-check.sh DAGAZ_DIR [BOARDVM] - boardvm's Zillions move generation against
# Dagaz's JavaScript model, game by game (docs/cross-check.md, "Dagaz").
#
# DAGAZ_DIR is a work tree of DagazProject.github.io (git archive of the mirror; never copied into
# this repository). Each page FOLDER/NAME.htm whose design script FOLDER/scripts/NAME.js has a
# Zillions source of the same name, FOLDER/zrf/NAME.zrf, is a pair: z2j made the script from that
# file (its first game), so boardvm's perft of the .zrf's first game and Dagaz's perft of the page
# (bench/dagaz-perft.js) should agree, unless the page's hand-written scripts (extensions, goals,
# invariants: listed in the table's last column) change the rules.
#
# Each side runs perft 1..DEPTH (default 2; 1-3) within TIMEOUT seconds (default 10) per run; the
# deepest depth both reached is compared. One line per pair, tab-separated:
#   agree|differ|dagaz-fails|boardvm-fails|both-fail  FOLDER/NAME  DEPTH  DAGAZ-COUNTS
#   BOARDVM-COUNTS  FIRST-DIFFERENT-DIVIDE-LINE  EXTENSION-SCRIPTS  DAGAZ-OPTIONS
# (EXTENSION-SCRIPTS: the page's rule scripts beyond the design, after "variant=N " when the
# .zrf's first game differs and its variant N agrees, and "selector=N " when the design has
# several set-ups; DAGAZ-OPTIONS: the file's options boardvm warns it leaves to Dagaz)
# then the totals. The divide line is "MOVE dagaz=N boardvm=M" for the first root move (sorted)
# whose counts differ at the depth that differs, or a move one side lacks (N or M is "-");
# moves are written as boardvm writes them (dagaz-perft.js's key()); then "core agrees" when
# Dagaz's design alone, without the page's extension scripts (--core-only), counts as boardvm
# does, "core N M" when it does not, "core fails" when it does not run without them.
# JOBS pairs at once (default 2), under nice. ONLY=REGEX keeps the pairs whose FOLDER/NAME match.
# Not part of `make check`: all 330 pairs take some 20 minutes at DEPTH=2.

here=$(cd "$(dirname "$0")" && pwd)
if [ "$1" = --one ]; then
    page=$2; bvm=$3; depth=$4; limit=$5
    d=$(dirname "$page"); n=$(basename "$page" .htm); zrf=$d/zrf/$n.zrf
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/dagaz-one.XXXXXX") || exit 2
    trap 'rm -rf "$tmp"' EXIT
    ext=$(timeout "$limit" node "$here/dagaz-perft.js" "$page" 0 --list-scripts 2>/dev/null |
          sed -n 's/^script //p' | sed 's,.*/,,' | tr '\n' ' ')
    bvperft() {   # $1: the variant; sets bv to boardvm's counts, 1..depth
        bv=''; i=1
        while [ "$i" -le "$depth" ]; do
            c=$(timeout "$limit" "$bvm" perft "$zrf" "$i" --variant "$1" 2>"$tmp/bv.err" | grep -E '^[0-9]+$')
            [ -n "$c" ] || break
            bv="$bv${bv:+ }$c"; i=$((i + 1))
        done
    }
    var=1; bvperft 1
    same_counts() {   # both sides have counts, and they agree to the depth both reached
        [ -n "$dz" ] && [ -n "$bv" ] || return 1
        case "$bv " in "$dz "*) return 0 ;; esac
        case "$dz " in "$bv "*) return 0 ;; esac
        return 1
    }
    # the options boardvm reads as Dagaz's and leaves out (its warnings): names only
    opts=$(sed -n 's/.*warning: (option "\([^"]*\)").*/\1/p' "$tmp/bv.err" | sort -u | tr '\n' ' ')
    # a design with several set-ups (design.setupSelector(K)) is tried with each: the page
    # draws one at random, the .zrf has one of them; the first that agrees is kept
    sels=0; sel=''
    k=$(sed -n 's/.*setupSelector(\([0-9]*\)).*/\1/p' "$d/scripts/$n.js" | head -1)
    [ -n "$k" ] && sels=$k; [ "$sels" -gt 8 ] && sels=8   # bounded: pasang has 40
    s=0; [ "$sels" -gt 0 ] && s=1
    while :; do
        selarg=''; [ "$sels" -gt 0 ] && selarg="--selector $s"
        timeout "$limit" node "$here/dagaz-perft.js" "$page" "$depth" $selarg >"$tmp/dz" 2>"$tmp/dz.err"
        dz=$(awk '/^perft/ {printf "%s%s", s, $3; s=" "}' "$tmp/dz")
        [ "$sels" -gt 0 ] && sel="selector=$s "
        same_counts && break
        s=$((s + 1)); [ "$s" -gt "$sels" ] && break
    done
    [ "$s" -gt "$sels" ] && [ "$sels" -gt 0 ] && { s=1; selarg="--selector 1"; sel="selector=1 "
        timeout "$limit" node "$here/dagaz-perft.js" "$page" "$depth" $selarg >"$tmp/dz" 2>"$tmp/dz.err"
        dz=$(awk '/^perft/ {printf "%s%s", s, $3; s=" "}' "$tmp/dz"); }
    # a file of several games and variants: z2j transcribed one of them, not always the first;
    # where the first differs, the first variant that agrees is kept
    nv=$(timeout "$limit" "$bvm" variants "$zrf" 2>/dev/null | grep -c .)
    if [ -n "$dz" ] && [ "${nv:-0}" -gt 1 ]; then
        same=0; same_counts && same=1
        v=2; bv1=$bv
        while [ "$same" = 0 ] && [ "$v" -le "$nv" ]; do
            bvperft "$v"
            same_counts && { same=1; var=$v; break; }
            v=$((v + 1))
        done
        [ "$same" = 0 ] && bv=$bv1
    fi
    [ "$var" != 1 ] && sel="variant=$var $sel"
    nd=$(echo "$dz" | wc -w); nb=$(echo "$bv" | wc -w)
    k=$nd; [ "$nb" -lt "$k" ] && k=$nb
    first=''
    if [ "$nd" -eq 0 ] && [ "$nb" -eq 0 ]; then st=both-fail
    elif [ "$nd" -eq 0 ]; then st=dagaz-fails; first=$(grep -m1 . "$tmp/dz.err" | cut -c1-100)
    elif [ "$nb" -eq 0 ]; then st=boardvm-fails; first=$(grep -v -e '^perft' -e 'warning:' -e '^ ' "$tmp/bv.err" | grep -m1 . | cut -c1-100)
    else
        st=agree; j=1; dd=0
        while [ "$j" -le "$k" ]; do
            a=$(echo "$dz" | cut -d' ' -f"$j"); b=$(echo "$bv" | cut -d' ' -f"$j")
            if [ "$a" != "$b" ]; then st=differ; dd=$j; break; fi
            j=$((j + 1))
        done
        if [ "$st" = differ ]; then
            # a drop's piece is written by name on one side, by code (or not at all) on the
            # other: drops are compared by square, the types' counts summed
            keyed() { sed 's/^[^ @]*@//' | awk '{n[$1] += $2} END {for (k in n) print k, n[k]}' | sort; }
            timeout "$limit" node "$here/dagaz-perft.js" "$page" "$dd" --divide $selarg 2>/dev/null |
                sed 's/ \([0-9]*\)$/\t\1/; s/ //g; s/\t/ /' | keyed >"$tmp/dd"
            timeout "$limit" "$bvm" perft "$zrf" "$dd" --variant "$var" --divide 2>/dev/null |
                grep -v '^perft' | grep -v '^$' | grep ' ' | keyed >"$tmp/bd"
            first=$(join -a1 -a2 -e - -o 0,1.2,2.2 "$tmp/dd" "$tmp/bd" 2>/dev/null |
                    awk '$2 != $3 {print $1 " dagaz=" $2 " boardvm=" $3; exit}')
            # the design alone (no extension scripts): where it agrees, the page's scripts
            # make the difference
            core=$(timeout "$limit" node "$here/dagaz-perft.js" "$page" "$k" --core-only $selarg \
                   2>/dev/null | awk '/^perft/ {printf "%s%s", s, $3; s=" "}')
            bk=$(echo "$bv" | cut -d' ' -f1-"$k")
            if [ -z "$core" ]; then first="$first; core fails"
            elif [ "$core" = "$bk" ]; then first="$first; core agrees"
            else first="$first; core $core"; fi
        fi
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$st" "${page#"$DAGAZ_ROOT"/}" "$k" "$dz" "$bv" "$first" \
        "$sel$ext" "$opts"
    exit 0
fi

dagaz=${1:?usage: dagaz-cross-check.sh DAGAZ_DIR [BOARDVM]}
bvm=${2:-$here/../boardvm}
case $bvm in /*) ;; *) bvm=$(pwd)/$bvm ;; esac
dagaz=$(cd "$dagaz" && pwd)
DAGAZ_ROOT=$dagaz; export DAGAZ_ROOT
for h in "$dagaz"/*/*.htm; do
    d=$(dirname "$h"); n=$(basename "$h" .htm)
    [ -f "$d/zrf/$n.zrf" ] && [ -f "$d/scripts/$n.js" ] || continue
    if [ -n "$ONLY" ]; then echo "${h#"$dagaz"/}" | grep -Eq "$ONLY" || continue; fi
    echo "$h"
done | nice -n 10 parallel -k -j "${JOBS:-2}" sh "$here/dagaz-cross-check.sh" --one {} "$bvm" \
    "${DEPTH:-2}" "${TIMEOUT:-10}" | tee "${TMPDIR:-/tmp}/dagaz-cross-check.$$" |
    awk -F'\t' '{print; n[$1]++} END {printf "totals:"; for (s in n) printf " %s %d", s, n[s]; print ""}'
rm -f "${TMPDIR:-/tmp}/dagaz-cross-check.$$"
