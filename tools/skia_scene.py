"""Skia peer: renders any Lamina scene (SCENE_FORMAT.md v1) with Skia's CPU raster backend, one thread, and times it.

Setup once:  python3 -m venv /tmp/skia-venv && /tmp/skia-venv/bin/pip install skia-python==144.1 numpy pillow
Run:         /tmp/skia-venv/bin/python tools/skia_scene.py SCENE.json [--frames 10] [--warmup 2] [--png out.png]
             [--time T]   (animations are sampled at T, default the scene's `time`; see skia_scene_anim.py)
Prints one JSON line: {"peer": "skia", "scene": ..., "median_ms": ..., "min_ms": ..., "max_ms": ..., "frames": N}

Parsing, image decoding and building the drawing are not timed: the scene is recorded once into an SkPicture,
then the picture is replayed onto a raster surface once per frame; each frame ends with a pixel read that forces
completion. Median of --frames frames after --warmup untimed ones.

The drawing follows the contract the way a Skia user would draw it: per layer a save/concat of
position · affineTransform · anchor/bounds-origin shift; shadow → background → contents → sublayers (stable by
zPosition) → border; masksToBounds = antialiased clipRRect of contents, sublayers and the layer's own shadow;
group opacity = saveLayerAlpha when the subtree has more than one drawn part, otherwise the opacity multiplies
each paint; shadows: shadowPath → the path with a blur mask filter, a lone opaque rounded rect → a blurred
rrect, anything else → a saveLayer with a shadow-only drop-shadow image filter over the layer's drawing at full
opacity; masks: saveLayer, the layer, then the mask layer in a kDstIn saveLayer; contents per contentsGravity,
contentsRect (clamped sub-image), contentsScale, nearest/linear/trilinear (mipmaps) sampling chosen by the
GL minification rule. Approximations: continuous corners are drawn circular; contentsCenter is ignored (the
image is stretched whole); minificationFilterBias and rasterizationScale are ignored; shouldRasterize is drawn directly;
animations are sampled once at the still's time (skia_scene_anim.py; what it cannot sample keeps its model value,
with a warning on stderr).

Layer classes (v1.2), as content in the place of `contents` (so content-shaped shadows, masks, masksToBounds and
group opacity treat them like an image): CAGradientLayer = SkGradientShader (linear; radial with a local matrix
scaling by rx, ry about S; sweep rotated so 0 lies along E - S), unpremultiplied interpolation, clamp, no dither,
8-bit stop colors; CAShapeLayer = fill with its SkPathFillType, then a stroke whose dashes are laid by the peer
along the whole path with SkPathMeasure (the pattern continues across subpaths, unlike SkDashPathEffect) and cut
to strokeStart...strokeEnd of the total length; CATextLayer = SkParagraph (skia.textlayout: HarfBuzz shaping,
ICU breaks and bidi, system font fallback), fonts by family[:style] through SkFontMgr or from the scene's
`fonts`; contentsScale other than the scene's rasterizes the text into its own image. Text limits are listed in
skia_scene_text.py (truncation only for single-style unwrapped strings; wrapped lines leaving the bounds are
clipped, not dropped; only the first baseline is snapped to a device pixel; SkParagraph's own hinting and x
positions). Shapes are anti-aliased by Skia's coverage, not exact area coverage.
"""
import argparse, json, os, sys, time

import numpy as np
import skia

from skia_scene_anim import apply as sample_animations
from skia_scene_peer import Peer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("scene")
    ap.add_argument("--frames", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--png")
    ap.add_argument("--time", type=float)
    args = ap.parse_args()
    sc = json.load(open(args.scene))
    skipped = set()
    sc = sample_animations(sc, sc.get("time", 0) if args.time is None else args.time, skipped)
    if skipped:
        print(f"warning: {args.scene}: not sampled, model values drawn: {', '.join(sorted(skipped))}", file=sys.stderr)
    pic, w, h = Peer(sc, os.path.dirname(os.path.abspath(args.scene))).record()
    surf = skia.Surface(w, h)
    canvas = surf.getCanvas()
    px = bytearray(4)

    def frame():
        canvas.drawPicture(pic)
        canvas.readPixels(skia.ImageInfo.MakeN32Premul(1, 1), px, 0, 0)

    for _ in range(args.warmup):
        frame()
    ts = []
    for _ in range(args.frames):
        t0 = time.perf_counter()
        frame()
        ts.append((time.perf_counter() - t0) * 1000)
    ts.sort()
    if args.png:
        surf.makeImageSnapshot().save(args.png, skia.kPNG)
    print(json.dumps({"peer": "skia", "scene": os.path.basename(args.scene), "median_ms": round(float(np.median(ts)), 3),
                      "min_ms": round(ts[0], 3), "max_ms": round(ts[-1], 3), "frames": args.frames}))


if __name__ == "__main__":
    main()
