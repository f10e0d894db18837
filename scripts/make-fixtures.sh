#!/usr/bin/env bash
# Makes the fake camera and microphone content the end-to-end tests play into Chromium.
# Camera: a solid blue field (easy to tell from the fake screen's green) with a moving
# test pattern strip along the bottom centre, 1280x720 at 30 fps, looped by Chromium.
# Room camera: the same picture at 15 fps, for the room's tests, which run two or three cameras at once.
# Small camera: a moving test pattern at 320x180 and 15 fps, for the rooms benchmark, which runs up to
# 30 cameras on one machine.
# Busy camera: a full-frame moving test pattern, detailed enough that the encoder spends the
# bitrate it is given (the plain camera is so easy to compress that any bitrate undershoots).
# Noise camera: grey noise that changes every frame, the hardest content an encoder meets
# (gameplay, a video playing on screen): it cannot keep up at 1080p on a small machine.
# Microphone: a 440 Hz tone at 48 kHz, and a silent one for the silent-microphone warning.
# Recording source: 4 s of real VP8 + Opus at a screen recording's bitrate, whose clusters the
# long-recording test repeats with rising timestamps into a recording of gigabytes.
# Library source: 8 s of 1080p VP9 + Opus with a key frame every second and cues, shaped like a
# studio take, which the export and trim tests put in the library instead of recording one live.
set -euo pipefail
cd "$(dirname "$0")/.."
out=tests/fixtures/generated
mkdir -p "$out"
# The camera picture at a frame rate: camera <fps> <file>.
camera() {
  [ -s "$2" ] && return
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "color=c=0x1040e0:size=1280x720:rate=$1" \
    -f lavfi -i "testsrc2=size=320x160:rate=$1" \
    -filter_complex "[0:v][1:v]overlay=x=480:y=540:shortest=1,format=yuv420p" \
    -t 2 -pix_fmt yuv420p "$2"
}
camera 30 "$out/camera.y4m"
camera 15 "$out/room-camera.y4m"
if [ ! -s "$out/small-camera.y4m" ]; then
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "testsrc2=size=320x180:rate=15" \
    -t 2 -pix_fmt yuv420p "$out/small-camera.y4m"
fi
if [ ! -s "$out/busy-camera.y4m" ]; then
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "testsrc2=size=1280x720:rate=30" \
    -t 2 -pix_fmt yuv420p "$out/busy-camera.y4m"
fi
if [ ! -s "$out/noise-camera.y4m" ]; then
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "color=c=gray:size=1280x720:rate=30,noise=alls=80:allf=t+u" \
    -t 4 -pix_fmt yuv420p "$out/noise-camera.y4m"
fi
if [ ! -s "$out/mic.wav" ]; then
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=10" \
    -ac 1 "$out/mic.wav"
fi
if [ ! -s "$out/silence.wav" ]; then
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "anullsrc=sample_rate=48000:channel_layout=mono" -t 10 "$out/silence.wav"
fi
if [ ! -s "$out/recording-source.webm" ]; then
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "testsrc2=size=1280x720:rate=30" -f lavfi -i "sine=frequency=440:sample_rate=48000" -t 4 \
    -c:v libvpx -b:v 8M -g 30 -keyint_min 30 -deadline realtime -cpu-used 8 -c:a libopus -b:a 128k \
    -cluster_time_limit 1000 "$out/recording-source.webm"
fi
if [ ! -s "$out/library-source.webm" ]; then
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "testsrc2=size=640x360:rate=30,scale=1920:1080" -f lavfi -i "sine=frequency=440:sample_rate=48000" -t 8 \
    -c:v libvpx-vp9 -b:v 6M -g 30 -keyint_min 30 -deadline realtime -cpu-used 8 -row-mt 1 \
    -colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv \
    -c:a libopus -b:a 128k -ac 2 -cluster_time_limit 1000 "$out/library-source.webm"
fi
ls -la "$out"
