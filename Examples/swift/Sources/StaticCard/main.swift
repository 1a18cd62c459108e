import Foundation
import Lamina
import LaminaCPU
import LaminaPNG
import LaminaText

// lamina-example-static [OUT.png]: a card built from Layer values in Swift — a gradient header, a title, a
// shadow, a progress ring drawn with a shape layer — rendered once on the CPU and written as a PNG.

TextStack.install()
var card = Layer(name: "card")
card.setFrame(Rect(40, 40, 400, 240))
card.cornerRadius = 20
card.backgroundColor = .white
card.shadowOpacity = 0.25
card.shadowRadius = 16
card.shadowOffset = Size(0, 8)

var header = Layer()
header.setFrame(Rect(0, 0, 400, 90))
header.gradient = GradientContent(colors: [Color(red: 0.35, green: 0.34, blue: 0.84), Color(red: 0.0, green: 0.48, blue: 1.0)],
                                  startPoint: Point(0, 0), endPoint: Point(1, 1))
header.maskedCorners = [.minXMinY, .maxXMinY]
header.cornerRadius = 20
header.masksToBounds = true

var title = Layer()
title.setFrame(Rect(24, 26, 352, 40))
title.text = TextContent(string: "Weekly goal", font: "DejaVu Sans:Bold", fontSize: 28, foregroundColor: .white)

var ring = Layer()
ring.setFrame(Rect(24, 110, 110, 110))
ring.shape = ShapeContent(path: .ellipse(Rect(8, 8, 94, 94)), fillColor: .clear, strokeColor: Color(red: 0.2, green: 0.78, blue: 0.35), lineWidth: 12,
                          lineCap: .round, strokeEnd: 0.72)

var caption = Layer()
caption.setFrame(Rect(160, 140, 220, 60))
caption.text = TextContent(string: "72 % done — 3 of 4 runs", font: "DejaVu Sans", fontSize: 18,
                           foregroundColor: Color(red: 0.25, green: 0.25, blue: 0.3), isWrapped: true)

card.sublayers = [header, title, ring, caption]
var root = Layer()
root.setFrame(Rect(0, 0, 480, 320))
root.sublayers = [card]
let scene = Scene(width: 480, height: 320, scale: 2, background: Color(red: 0.95, green: 0.95, blue: 0.97), root: root)

let output = CommandLine.arguments.dropFirst().first ?? "card.png"
do {
    let bitmap = try CPUBackend().render(try RenderPlanner.plan(scene))
    try PNGEncoder.write(bitmap, to: output)
    print("lamina-example-static: wrote \(output) (\(bitmap.width)×\(bitmap.height))")
} catch {
    FileHandle.standardError.write(Data("lamina-example-static: \(error)\n".utf8))
    exit(error is RenderError ? 1 : 3)
}
