#!/bin/sh
# The installed app's icons (PNG, the sizes browsers ask for) from the SVGs beside this script,
# drawn by librsvg's rsvg-convert (Debian: apt-get install librsvg2-bin). The PNGs are committed
# in public/; run this again after changing a drawing.
set -eu
here=$(dirname "$0")
out="$here/../public"
rsvg-convert -w 192 -h 192 "$here/icons/app-icon.svg" -o "$out/icon-192.png"
rsvg-convert -w 512 -h 512 "$here/icons/app-icon.svg" -o "$out/icon-512.png"
rsvg-convert -w 512 -h 512 "$here/icons/app-icon-maskable.svg" -o "$out/icon-maskable-512.png"
# iOS draws its own rounded corners on a full square.
rsvg-convert -w 180 -h 180 "$here/icons/app-icon-maskable.svg" -o "$out/apple-touch-icon.png"
