#!/usr/bin/env bash
# Makes the four short home-page videos from stills drawn by make-images.mjs (slow zooms,
# cross-fades, a pan and a title), so the demo needs no downloaded footage. Run it by hand after
# changing the artwork; the MP4s in wordpress/seed/videos/ are committed and nothing needs ffmpeg
# at run time. Which stills each video uses is set in data/site.json (videos[].frames).
#
#   bash wordpress/seed/make-videos.sh            (needs ffmpeg with libx264, and node with sharp)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="$HERE/videos"
FRAMES="$(mktemp -d)"
trap 'rm -rf "$FRAMES"' EXIT
FONT="$(fc-match -f '%{file}' 'DejaVu Sans:bold' 2>/dev/null || true)"
W=960
H=540
FPS=25

command -v ffmpeg >/dev/null || { echo "make-videos: ffmpeg is needed (apt-get install ffmpeg)" >&2; exit 1; }
node "$HERE/make-images.mjs" --frames "$FRAMES" >/dev/null
mkdir -p "$OUT"

# slideshow OUTPUT TITLE SECONDS_PER_STILL — every still of OUTPUT zooms in slowly; neighbours
# cross-fade for half a second.
slideshow() {
	local out="$1" title="$2" each="$3"
	local inputs=() filters="" n=0 fade=0.5 prev offset img
	for img in "$FRAMES/frames/${out%.mp4}"-*.jpg; do
		inputs+=(-loop 1 -t "$each" -i "$img")
		filters+="[$n:v]zoompan=z='1+0.06*on/($each*$FPS)':d=1:x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':s=${W}x${H}:fps=$FPS,setsar=1[v$n];"
		n=$((n + 1))
	done
	prev="[v0]"
	for ((i = 1; i < n; i++)); do
		offset=$(awk "BEGIN { print $i * ($each - $fade) }")
		filters+="${prev}[v$i]xfade=transition=fade:duration=$fade:offset=$offset[x$i];"
		prev="[x$i]"
	done
	encode "$out" "$title" "$filters" "$prev" "${inputs[@]}"
}

# pan OUTPUT TITLE SECONDS — a slow left-to-right pan across OUTPUT's one wide still.
pan() {
	local out="$1" title="$2" secs="$3"
	local filters="[0:v]scale=-2:$H,crop=$W:$H:x='(iw-ow)*t/$secs':y=0,fps=$FPS,setsar=1[p];"
	encode "$out" "$title" "$filters" "[p]" -loop 1 -t "$secs" -i "$FRAMES/frames/${out%.mp4}-1.jpg"
}

encode() {
	local out="$1" title="$2" filters="$3" last="$4"
	shift 4
	local text=""
	if [[ -n "$FONT" ]]; then
		text=",drawtext=fontfile=$FONT:text='$title':fontsize=30:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=12:x=32:y=h-th-40:enable='lt(t,3.5)'"
	fi
	ffmpeg -hide_banner -loglevel error -y "$@" \
		-filter_complex "${filters}${last}format=yuv420p${text}[out]" -map "[out]" \
		-c:v libx264 -preset slow -crf 31 -profile:v high -pix_fmt yuv420p -movflags +faststart -an \
		"$OUT/$out"
	printf '%s  %s KB  %s s\n' "$out" "$(($(stat -c %s "$OUT/$out") / 1024))" \
		"$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$OUT/$out")"
}

slideshow byd-seal-2024-walkaround.mp4 "BYD Seal 2024 walkaround" 2.2
slideshow yangwang-u9-track-day.mp4 "Yangwang U9 track day" 2.4
pan tianjin-port-loading.mp4 "Loading day at Tianjin port" 6
slideshow li-auto-l9-family-tour.mp4 "Li Auto L9 family SUV tour" 2.2
