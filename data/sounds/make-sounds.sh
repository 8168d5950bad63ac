#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the game's sounds from nothing but sine waves, with SoX
# (apt-get install sox): no recording or sample from anywhere else.
#
#   data/sounds/make-sounds.sh    (run in data/sounds; writes the *.ogg)
#
# Mono, 44.1 kHz Ogg Vorbis, short and quiet: a sound accompanies a move,
# it must not cover the next one.
set -eu
cd "$(dirname "$0")"
rate="-r 44100 -c 1"

# A step: one soft, short click (a decaying 1.2 kHz tick).
sox -n $rate step.ogg synth 0.045 sine 1200 fade q 0.001 0.045 0.04 vol 0.35

# A jump chain: a quick rising blip, unlike the click.
sox -n $rate jump.ogg synth 0.11 sine 620-1240 fade q 0.004 0.11 0.07 vol 0.35

# Your turn: two notes, E5 then A5.
sox -n $rate turn-a.wav synth 0.12 sine 659.26 fade q 0.005 0.12 0.08 vol 0.3
sox -n $rate turn-b.wav synth 0.2 sine 880 fade q 0.005 0.2 0.15 vol 0.3
sox turn-a.wav turn-b.wav your-turn.ogg
rm -f turn-a.wav turn-b.wav

# The end of the game: C5, E5, G5 and a held C6.
sox -n $rate n1.wav synth 0.13 sine 523.25 fade q 0.005 0.13 0.06 vol 0.3
sox -n $rate n2.wav synth 0.13 sine 659.26 fade q 0.005 0.13 0.06 vol 0.3
sox -n $rate n3.wav synth 0.13 sine 783.99 fade q 0.005 0.13 0.06 vol 0.3
sox -n $rate n4.wav synth 0.45 sine 1046.5 fade q 0.005 0.45 0.35 vol 0.3
sox n1.wav n2.wav n3.wav n4.wav game-over.ogg
rm -f n1.wav n2.wav n3.wav n4.wav
