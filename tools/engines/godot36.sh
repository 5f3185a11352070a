#!/bin/sh
# Real Godot 3.6 engine (Debian trixie's `godot3-server` 3.6+ds-2, headless) for fixtures and live tests.
#
#   tools/engines/godot36.sh                    set up once (idempotent), print the launcher path
#   "$(tools/engines/godot36.sh)" --no-window -s script.gd [--arg=...]
#
# Same recipe as godot4.sh beside it: trixie's build needs a newer libc than this bookworm
# machine has, so nothing is installed system-wide. A temporary apt sources entry for trixie is
# added, the package and its whole library closure are downloaded with an EMPTY dpkg status into a
# private folder, unpacked with dpkg-deb -x, and the engine is started through the folder's own
# dynamic loader. The sources entry is removed and `apt-get update` re-run afterwards (also on
# failure), so the system apt state is as before. The bookworm godot3-server (3.2.3) is untouched.
# Needs root. GODOT36_HOME (default: $HOME/.cache/godot36-trixie) holds everything; delete it to
# start over. godot3-server is the headless ("server") platform: no display or audio needed.
set -eu
ROOT="${GODOT36_HOME:-$HOME/.cache/godot36-trixie}"
LAUNCHER="$ROOT/godot36"
if [ -x "$LAUNCHER" ] && "$LAUNCHER" --version >/dev/null 2>&1; then echo "$LAUNCHER"; exit 0; fi

MIRROR=$(grep -h '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' | grep -v security | head -n1)
[ -n "$MIRROR" ] || MIRROR=$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list 2>/dev/null)
[ -n "$MIRROR" ] || { echo "godot36.sh: no Debian mirror found in the apt configuration" >&2; exit 1; }

SRC=/etc/apt/sources.list.d/zz-godot36-trixie.sources
cleanup() { rm -f "$SRC"; apt-get update -qq >/dev/null 2>&1 || true; }
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
printf 'Types: deb\nURIs: %s\nSuites: trixie\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' "$MIRROR" > "$SRC"
apt-get update -qq >&2
rm -rf "$ROOT/tree"
mkdir -p "$ROOT/debs/partial" "$ROOT/aptstate" "$ROOT/tree" "$ROOT/home"
: > "$ROOT/aptstate/status"
# An empty dpkg status makes apt resolve and download the complete closure (libc included).
apt-get -y -qq --no-install-recommends -o Dir::State::status="$ROOT/aptstate/status" \
  -o Dir::Cache::archives="$ROOT/debs" -o APT::Default-Release=trixie -o Debug::NoLocking=1 \
  --download-only install 'godot3-server/trixie' >&2
ls "$ROOT"/debs/godot3-server_3.6* >/dev/null 2>&1 || { echo "godot36.sh: trixie godot3-server 3.6 was not downloaded" >&2; exit 1; }
for deb in "$ROOT"/debs/*.deb; do dpkg-deb -x "$deb" "$ROOT/tree"; done
( cd "$ROOT/debs" && ls *.deb ) > "$ROOT/packages.txt"
rm -rf "$ROOT/debs"

LOADER=usr/lib64/ld-linux-x86-64.so.2
[ -e "$ROOT/tree/$LOADER" ] || LOADER=lib64/ld-linux-x86-64.so.2
[ -e "$ROOT/tree/$LOADER" ] || LOADER=usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2
[ -e "$ROOT/tree/$LOADER" ] || { echo "godot36.sh: no dynamic loader in $ROOT/tree" >&2; exit 1; }

cat > "$LAUNCHER" <<LAUNCH
#!/bin/sh
R="$ROOT/tree"
export HOME="$ROOT/home" XDG_DATA_HOME="$ROOT/home/.local/share" XDG_CONFIG_HOME="$ROOT/home/.config" XDG_CACHE_HOME="$ROOT/home/.cache"
exec "\$R/$LOADER" --library-path "\$R/usr/lib/x86_64-linux-gnu:\$R/lib/x86_64-linux-gnu:\$R/usr/lib" "\$R/usr/bin/godot3-server" "\$@"
LAUNCH
chmod +x "$LAUNCHER"
"$LAUNCHER" --version >&2
echo "$LAUNCHER"
