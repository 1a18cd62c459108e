import Lamina

/// The scene `lamina soak` renders: cards-100's layout (100 shadowed, bordered, clipped cards with an
/// image) plus a masked image, a group-opacity layer, a shouldRasterize layer and a shadowPath layer.
/// `frame(i)` changes something every frame — one card's color and position, the mask's size, the
/// group's opacity, the rasterized layer's content (cycling through a few states so that its cache
/// entries are reused) — so each frame is planned anew, as an animating app's would be. Every change
/// repeats with a period dividing 100, so frames 100 and 10 000 show the same scene.
struct SoakScene {
    let width = 1920.0, height = 1080.0
    var cardCount: Int { cards.count }
    /// States the rasterized layer cycles through; after that many frames its cache holds them all.
    let rasterStates = 5
    /// Pixels per point of the rendered scenes.
    var scale = 1.0
    private let tile: Image
    private let cards: [Layer]

    init() {
        var pixels = [UInt8](repeating: 0, count: 64 * 64 * 4)
        for y in 0..<64 {
            for x in 0..<64 {
                let i = (y * 64 + x) * 4
                let on = (x / 8 + y / 8) % 2 == 0
                pixels[i] = on ? 230 : UInt8(x * 4); pixels[i + 1] = on ? 120 : UInt8(y * 4)
                pixels[i + 2] = 90; pixels[i + 3] = 255
            }
        }
        let tile = Image(bitmap: Bitmap(width: 64, height: 64, pixels: pixels), source: "soak tile")
        self.tile = tile
        cards = (0..<100).map { SoakScene.card($0, tile: tile, color: SoakScene.color($0)) }
    }

    /// The scene of frame `i` (0-based).
    func frame(_ i: Int) -> Scene {
        var root = Layer(name: "root")
        root.setFrame(Rect(0, 0, width, height))
        var layers = cards
        let changed = i % cardCount
        layers[changed] = SoakScene.card(changed, tile: tile, color: SoakScene.color(changed * 7 + 3),
                                         offset: Point(Double(i % 10) - 4, Double(i % 5) - 2))
        root.sublayers = layers + [maskedImage(i), group(i), rasterized(i), shadowPathLayer(i)]
        return Scene(width: width, height: height, scale: scale, background: .white, root: root)
    }

    static func color(_ k: Int) -> Color {
        let t = Double((k * 37) % 256) / 255
        return Color(red: 0.3 + 0.6 * t, green: 0.8 - 0.5 * t, blue: 0.5 + 0.4 * (1 - t))
    }

    static func card(_ k: Int, tile: Image, color: Color, offset: Point = Point(0, 0)) -> Layer {
        let column = k % 14, row = k / 14
        var shadow = Layer(name: "card \(k)")
        shadow.setFrame(Rect(20 + Double(column) * 135 + offset.x, 20 + Double(row) * 110 + offset.y, 120, 80))
        shadow.shadowOpacity = 0.5
        shadow.shadowOffset = Size(0, 4)
        shadow.shadowRadius = 6
        var face = Layer()
        face.setFrame(Rect(0, 0, 120, 80))
        face.backgroundColor = color
        face.cornerRadius = 12
        face.borderWidth = 2
        face.borderColor = Color(red: color.red * 0.55, green: color.green * 0.55, blue: color.blue * 0.55)
        face.masksToBounds = true
        var icon = Layer()
        icon.setFrame(Rect(80, 40, 48, 48))
        icon.contents = tile
        face.sublayers = [icon]
        shadow.sublayers = [face]
        return shadow
    }

    /// An image masked by a rounded layer whose size changes every frame (offscreens of new sizes).
    private func maskedImage(_ i: Int) -> Layer {
        var layer = Layer(name: "masked")
        layer.setFrame(Rect(40, 900, 160, 140))
        layer.contents = tile
        var mask = Layer(name: "mask")
        let side = 60 + Double(i % 20) * 5
        mask.setFrame(Rect(10, 5, side, side * 0.8))
        mask.backgroundColor = .black
        mask.cornerRadius = side / 3
        layer.mask = mask
        return layer
    }

    /// Three overlapping layers drawn as one at a changing opacity.
    private func group(_ i: Int) -> Layer {
        var layer = Layer(name: "group")
        layer.setFrame(Rect(260, 880, 260, 160))
        layer.opacity = 0.3 + 0.6 * Double(i % 20) / 19
        layer.allowsGroupOpacity = true
        layer.sublayers = (0..<3).map { k in
            var part = Layer()
            part.setFrame(Rect(Double(k) * 60, Double(k) * 30, 140, 100))
            part.backgroundColor = SoakScene.color(k * 50)
            part.cornerRadius = 20
            return part
        }
        return layer
    }

    /// A shouldRasterize subtree whose content cycles through `rasterStates` states.
    private func rasterized(_ i: Int) -> Layer {
        var layer = Layer(name: "rasterized")
        layer.setFrame(Rect(580, 880, 220, 160))
        layer.shouldRasterize = true
        layer.rasterizationScale = 1
        layer.backgroundColor = Color(white: 0.9)
        layer.cornerRadius = 16
        layer.shadowOpacity = 0.4
        layer.shadowRadius = 8
        var inner = SoakScene.card(i % rasterStates, tile: tile, color: SoakScene.color(i % rasterStates * 40))
        inner.setFrame(Rect(40, 40, 120, 80))
        layer.sublayers = [inner]
        return layer
    }

    /// A layer whose shadow follows an ellipse path; the blur radius changes every frame.
    private func shadowPathLayer(_ i: Int) -> Layer {
        var layer = Layer(name: "shadowPath")
        layer.setFrame(Rect(860, 890, 150, 120))
        layer.shadowOpacity = 0.8
        layer.shadowRadius = 2 + Double(i % 10)
        layer.shadowOffset = Size(4, 6)
        layer.shadowPath = .ellipse(Rect(0, 0, 150, 120))
        return layer
    }
}
