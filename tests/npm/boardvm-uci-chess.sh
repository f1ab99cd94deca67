#!/bin/sh
exec "/work/wt-eco/boardvm" uci "/work/wt-eco/rules/chess.rules"
