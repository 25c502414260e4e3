#!/usr/bin/env bash
# Installs the Debian packages modelgen needs and the machine lacks (as root, or through sudo when it is
# there), so that the README's commands work on a fresh machine. Packages already installed are left alone.
# Usage: Scripts/install-dependencies.sh [EXTRA_PACKAGE...]
set -euo pipefail

packages=(libxml2-dev libsqlite3-dev pkg-config "$@")
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ "${#missing[@]}" -eq 0 ] && exit 0

command -v apt-get >/dev/null || {
    echo "error: missing ${missing[*]}, and there is no apt-get here: install them with your system's package manager" >&2
    exit 1
}
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
echo "Installing: ${missing[*]}"
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}"
