# tests-browser.cmake - amc's HTML reports opened in headless Chromium (issue 20):
# browser.reports  every kind of page renders, shows the counts of the JSON report of the same
#   run, is not blank in a screenshot, keeps hostile text inert and loads nothing from outside
#   (tests/browser/run_browser.py). Chromium missing: the test fails (CI installs it,
#   ci/install-deps.sh); AMC_NO_BROWSER=1 skips it with the reason (exit 77) on a local build.
add_test(NAME browser.reports
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/browser/run_browser.py
                 $<TARGET_FILE:amc-cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(browser.reports PROPERTIES LABELS browser TIMEOUT 900 SKIP_RETURN_CODE 77)
