import Foundation
import Lamina

/// Scenes the display tests show.
enum Scenes {
    /// A still scene of `width × height` points: opaque background, rounded cards with a border and a
    /// shadow, so edges and blur are compared, not only flat color.
    static func still(width: Int, height: Int) -> String {
        """
        {"width": \(width), "height": \(height), "background": "#20242c",
         "root": {"frame": [0, 0, \(width), \(height)], "backgroundColor": "#2d3340", "sublayers": [
           {"frame": [20, 20, 120, 80], "backgroundColor": "#e0a030", "cornerRadius": 14,
            "borderWidth": 3, "borderColor": "#ffffff", "shadowOpacity": 0.6, "shadowRadius": 6, "shadowOffset": [0, 4]},
           {"frame": [160, 60, 100, 120], "backgroundColor": "#3fa0e0", "cornerRadius": 30, "opacity": 0.8},
           {"frame": [40, 140, 60, 60], "backgroundColor": "#80e070", "affineTransform": [0.94, 0.34, -0.34, 0.94, 0, 0]}
         ]}}
        """
    }

    /// The still scene with a `side × side` box whose left edge sits at `x` points.
    static func moving(width: Int, height: Int, boxAt x: Double, side: Double = 20) throws -> Scene {
        var scene = try SceneDecoder().decode(Array(still(width: width, height: height).utf8), fileName: "<memory>")
        var box = Layer()
        box.bounds = Rect(0, 0, side, side)
        box.position = Point(x + side / 2, 30 + side / 2)
        box.backgroundColor = Color(red: 1, green: 0.2, blue: 0.3, alpha: 1)
        scene.root.sublayers.append(box)
        return scene
    }

    static func write(_ text: String, in directory: URL, name: String = "scene.json") throws -> URL {
        let url = directory.appending(path: name)
        try Data(text.utf8).write(to: url)
        return url
    }

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appending(path: "lamina-show-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
