"""Images and layer helpers of the UI-workload benchmark scenes (`make-bench-scenes`): the small PNGs the scenes
use, drawn with Pillow from fixed seeds, and the pieces the scene builders share."""
import math, os, random

from PIL import Image, ImageDraw, ImageFilter

W, H = 1920, 1080
PALETTE = ["#3B82F6", "#10B981", "#F59E0B", "#EF4444", "#8B5CF6", "#EC4899", "#14B8A6", "#F97316"]


def r1(v):
    return round(v, 2)


# ---------------------------------------------------------------- images

def photo(seed, w=256, h=192):
    """A landscape-like picture: sky gradient, sun, hills; smooth so the PNG stays small."""
    rnd = random.Random(seed)
    img = Image.new("RGB", (w, h))
    top = [rnd.randint(40, 120), rnd.randint(90, 170), rnd.randint(170, 250)]
    bot = [rnd.randint(200, 255), rnd.randint(150, 220), rnd.randint(100, 180)]
    d = ImageDraw.Draw(img)
    for y in range(h):
        t = y / (h - 1)
        d.line([(0, y), (w, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bot)))
    sx, sy, sr = rnd.randint(30, w - 30), rnd.randint(20, h // 2), rnd.randint(12, 28)
    d.ellipse([sx - sr, sy - sr, sx + sr, sy + sr], fill=(255, 236, 160))
    for k in range(3):
        base = h * (0.55 + 0.15 * k)
        col = (rnd.randint(20, 90), rnd.randint(80, 150) - 20 * k, rnd.randint(30, 90))
        pts = [(0, h)]
        for x in range(0, w + 16, 16):
            pts.append((x, base + 18 * math.sin(x / (25 + 10 * k) + rnd.random() * 6)))
        pts.append((w, h))
        d.polygon(pts, fill=col)
    return img.filter(ImageFilter.GaussianBlur(0.6))


def icon(seed, size=128):
    """An app icon with transparency: a coloured glyph (circle, star, drop, bolt) on nothing."""
    rnd = random.Random(seed)
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    col = PALETTE[seed % len(PALETTE)]
    c = tuple(int(col[i:i + 2], 16) for i in (1, 3, 5))
    kind = seed % 4
    s = size
    if kind == 0:
        d.ellipse([8, 8, s - 8, s - 8], fill=c + (255,))
        d.ellipse([s * .3, s * .3, s * .7, s * .7], fill=(255, 255, 255, 255))
    elif kind == 1:
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = s * (0.46 if i % 2 == 0 else 0.2)
            pts.append((s / 2 + rr * math.cos(a), s / 2 + rr * math.sin(a)))
        d.polygon(pts, fill=c + (255,))
    elif kind == 2:
        d.ellipse([s * .2, s * .35, s * .8, s * .95], fill=c + (255,))
        d.polygon([(s * .5, s * .04), (s * .22, s * .55), (s * .78, s * .55)], fill=c + (255,))
    else:
        d.polygon([(s * .58, s * .04), (s * .18, s * .58), (s * .46, s * .58), (s * .38, s * .96),
                   (s * .82, s * .4), (s * .54, s * .4)], fill=c + (255,))
    img = img.resize((size * 2, size * 2), Image.NEAREST).filter(ImageFilter.GaussianBlur(1)).resize((size, size), Image.LANCZOS)
    return img


def avatar(seed, size=96):
    rnd = random.Random(seed)
    bg = tuple(rnd.randint(120, 230) for _ in range(3))
    img = Image.new("RGB", (size, size), bg)
    d = ImageDraw.Draw(img)
    skin = (rnd.randint(170, 240), rnd.randint(120, 190), rnd.randint(90, 150))
    d.ellipse([size * .3, size * .15, size * .7, size * .55], fill=skin)
    d.ellipse([size * .12, size * .58, size * .88, size * 1.3], fill=tuple(rnd.randint(30, 120) for _ in range(3)))
    return img.filter(ImageFilter.GaussianBlur(0.5))


def soft_circle_mask(size=64):
    """Alpha-only mask: an opaque disc with a soft edge (an image mask)."""
    img = Image.new("L", (size * 4, size * 4), 0)
    ImageDraw.Draw(img).ellipse([4, 4, size * 4 - 4, size * 4 - 4], fill=255)
    a = img.resize((size, size), Image.LANCZOS).filter(ImageFilter.GaussianBlur(1.5))
    out = Image.new("RGBA", (size, size), (255, 255, 255, 0))
    out.putalpha(a)
    return out


def fade_mask(w=8, h=64):
    """A vertical alpha ramp (opaque top fading out), as used to fade the bottom of a list."""
    out = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    for y in range(h):
        for x in range(w):
            out.putpixel((x, y), (0, 0, 0, int(255 * (1 - y / (h - 1)) ** 0.7)))
    return out


def write_images(out):
    imgs = {}
    for i in range(6):
        imgs[f"photo{i}"] = ("photo%d.png" % i, photo(100 + i))
    for i in range(8):
        imgs[f"icon{i}"] = ("icon%d.png" % i, icon(i))
    for i in range(4):
        imgs[f"avatar{i}"] = ("avatar%d.png" % i, avatar(200 + i))
    imgs["disc"] = ("mask-disc.png", soft_circle_mask())
    imgs["fade"] = ("mask-fade.png", fade_mask())
    for name, (fn, im) in imgs.items():
        im.save(os.path.join(out, fn), optimize=True)
    return {k: v[0] for k, v in imgs.items()}


# ---------------------------------------------------------------- helpers

def text_bar(x, y, w, h=8, color="#CBD5E1"):
    """A placeholder for a line of text: a small rounded bar."""
    return {"frame": [r1(x), r1(y), r1(w), h], "backgroundColor": color, "cornerRadius": h / 2}


def cells(n, cols, cw, ch, x0=24, y0=24, gx=16, gy=16):
    for i in range(n):
        yield i, x0 + (i % cols) * (cw + gx), y0 + (i // cols) * (ch + gy)


def scene(root_sublayers, images, bg="#F1F5F9", **extra):
    s = {"width": W, "height": H, "background": bg}
    s.update(extra)
    s["images"] = {k: images[k] for k in sorted(images)}
    s["root"] = {"name": "root", "frame": [0, 0, W, H], "sublayers": root_sublayers}
    return s


def used(images, names):
    return {k: images[k] for k in names}
