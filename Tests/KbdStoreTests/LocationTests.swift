import Foundation
import Testing
@testable import KbdStore

@Suite struct LocationTests {
    @Test func resolvesFromEnvironmentAsDesignSays() throws {
        let env = ["HOME": "/home/u"]
        #expect(try StoreLocation.resolve(environment: env).databasePath
                == "/home/u/.local/share/kbd/app-groups/group.kbd.default/kbd.sqlite")
        #expect(try StoreLocation.resolve(appGroup: "group.x", environment: env).containerPath
                == "/home/u/.local/share/kbd/app-groups/group.x")
        #expect(try StoreLocation.resolve(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/data"]).containerPath
                == "/data/kbd/app-groups/group.kbd.default")
        // XDG: a relative XDG_DATA_HOME is ignored.
        #expect(try StoreLocation.resolve(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "rel"]).containerPath
                == "/home/u/.local/share/kbd/app-groups/group.kbd.default")
        #expect(try StoreLocation.resolve(appGroup: "g", environment: ["HOME": "/h", "KBD_APP_GROUP_DIR": "/grp/"]).databasePath
                == "/grp/kbd.sqlite")
        #expect(try StoreLocation.resolve(store: "/s/my.db", environment: ["KBD_APP_GROUP_DIR": "/grp"]).databasePath == "/s/my.db")
        #expect(try StoreLocation.resolve(store: "/s/my.db").lockPath == "/s/my.db.lock")
    }

    @Test(arguments: ["", "..", "a/b", "x\ny"]) func refusesBadGroupIDs(_ id: String) {
        #expect(throws: StoreError.self) { try StoreLocation.resolve(appGroup: id, environment: ["HOME": "/h"]) }
    }

    @Test func createsPrivateContainerAndDatabase() throws {
        let dir = TemporaryDirectory()
        let store = try Store(location: dir.location)
        try store.addWords([UserWord(word: "x")])
        var info = stat()
        stat(dir.container, &info)
        #expect(info.st_mode & 0o777 == 0o700)
        for suffix in ["", "-wal", "-shm", ".lock"] {
            stat(dir.location.databasePath + suffix, &info)
            #expect(info.st_mode & 0o777 == 0o600, "kbd.sqlite\(suffix)")
        }
    }

    @Test func refusesContainerOthersCanWrite() throws {
        let dir = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.container, withIntermediateDirectories: false)
        chmod(dir.container, 0o777)
        let error = #expect(throws: StoreError.self) { try Store(location: dir.location) }
        #expect(error?.kind == .permissions)
        #expect(error?.message.contains("other users can write it (mode 777)") == true)
        #expect(!FileManager.default.fileExists(atPath: dir.location.databasePath))
    }

    @Test func refusesStoreOthersCanWrite() throws {
        let dir = TemporaryDirectory()
        _ = try Store(location: dir.location)
        chmod(dir.location.databasePath, 0o666)
        let error = #expect(throws: StoreError.self) { try StoreReader(location: dir.location) }
        #expect(error?.message.hasSuffix("other users can write it (mode 666); run chmod go-w on it") == true)
    }

    @Test(.enabled(if: getuid() == 0)) func refusesStoreOfAnotherUser() throws {
        let dir = TemporaryDirectory()
        _ = try Store(location: dir.location)
        chown(dir.location.databasePath, 4242, 4242)
        let error = #expect(throws: StoreError.self) { try Store(location: dir.location) }
        #expect(error?.message.contains("belongs to another user (uid 4242") == true)
    }
}
