#!/bin/sh
# exec mode: dies of a signal on every input
kill -SEGV $$
