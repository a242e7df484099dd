# the implementation of c14_conform_page.py: exit 0 (valid) for "valid", 7 (error) for "crash"
grep -q '"crash"' "$1" && exit 7
exit 0
